# The test suite under ctest (included by CMakeLists.txt with FXC_BUILD_TESTS):
# the same sources as `make test-host` on the host, or as `make test-BOARD`
# in QEMU when cross compiling for FXC_BOARD. The runner prints
# 'N passed, N failed' and exits non-zero on a failure.
file(GLOB fxc_test_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/*.c)
set(fxc_port ${PROJECT_SOURCE_DIR}/port)

if(NOT CMAKE_CROSSCOMPILING)
  add_executable(fxcollide_tests ${fxc_test_sources}
                 ${fxc_port}/host.c ${fxc_port}/print.c ${fxc_port}/timing.c)
  target_include_directories(fxcollide_tests PRIVATE ${fxc_port})
  target_link_libraries(fxcollide_tests PRIVATE fxcollide m)
  set_target_properties(fxcollide_tests PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF)
  add_test(NAME fxcollide_host_tests COMMAND fxcollide_tests)
  set_tests_properties(fxcollide_host_tests PROPERTIES PASS_REGULAR_EXPRESSION "(^|\n)[0-9]+ passed, 0 failed"
                       FAIL_REGULAR_EXPRESSION " [1-9][0-9]* failed")
  return()
endif()

if(NOT FXC_BOARD)
  message(STATUS "fxcollide: cross build without FXC_BOARD: no tests")
  return()
endif()
set(fxc_board_dir ${PROJECT_SOURCE_DIR}/boards/${FXC_BOARD})
if(NOT EXISTS ${fxc_board_dir}/board.mk)
  message(FATAL_ERROR "fxcollide: no board ${FXC_BOARD} under boards/")
endif()
# The board's CPU flags, QEMU machine and tick ratio, read from the board.mk
# the Makefile includes, so that they are written down once.
function(fxc_board_value name out)
  file(STRINGS ${fxc_board_dir}/board.mk line REGEX "^${name} *:=")
  string(REGEX REPLACE "^${name} *:= *" "" value "${line}")
  separate_arguments(value)
  set(${out} "${value}" PARENT_SCOPE)
endfunction()
fxc_board_value(BOARD_CPU fxc_board_cpu)
fxc_board_value(BOARD_QEMU fxc_board_qemu)
fxc_board_value(BOARD_TICK_NUM fxc_tick_num)
fxc_board_value(BOARD_TICK_DEN fxc_tick_den)
# -mcpu must match the board for the whole build, library included: an M3
# build run on the M0 would fault on its first long multiply
list(GET fxc_board_cpu 0 fxc_board_mcpu)
string(FIND " ${CMAKE_C_FLAGS} " " ${fxc_board_mcpu} " fxc_mcpu_at)
if(fxc_mcpu_at EQUAL -1)
  message(FATAL_ERROR "fxcollide: FXC_BOARD=${FXC_BOARD} needs ${fxc_board_mcpu}; set FXC_CPU to match")
endif()

fxc_board_value(BOARD_TEST_PARTS fxc_test_parts)
if(NOT fxc_test_parts)
  set(fxc_test_parts 0) # one image, every part
endif()
find_program(FXC_QEMU qemu-system-arm)
if(NOT FXC_QEMU)
  message(FATAL_ERROR "fxcollide: the QEMU tests need qemu-system-arm (tools/setup.sh installs it)")
endif()

# The tests but the runner, built once; the suite is built for size, as the
# Makefile builds it (the micro:bit has 256 KB).
set(fxc_boards ${PROJECT_SOURCE_DIR}/boards/common)
list(FILTER fxc_test_sources EXCLUDE REGEX "/runner\\.c$")
add_library(fxcollide_test_objs OBJECT ${fxc_test_sources}
            ${fxc_port}/semihost.c ${fxc_port}/print.c ${fxc_port}/timing.c
            ${fxc_boards}/startup.c ${fxc_boards}/stack.c)
set_target_properties(fxcollide_test_objs PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF)
target_include_directories(fxcollide_test_objs PRIVATE ${fxc_port})
target_compile_definitions(fxcollide_test_objs PRIVATE FXC_BOARD_NAME="${FXC_BOARD}"
                           FXC_BOARD_TICK_NUM=${fxc_tick_num} FXC_BOARD_TICK_DEN=${fxc_tick_den})
target_compile_options(fxcollide_test_objs PRIVATE -Os)
target_link_libraries(fxcollide_test_objs PRIVATE fxcollide)

# One image per part where the board's flash holds the suite in parts
# (BOARD_TEST_PARTS in board.mk: the runner runs FXC_TEST_PART's digits).
foreach(part ${fxc_test_parts})
  set(exe fxcollide_tests)
  if(NOT part EQUAL 0)
    set(exe fxcollide_tests_${part})
  endif()
  add_executable(${exe} ${PROJECT_SOURCE_DIR}/tests/runner.c $<TARGET_OBJECTS:fxcollide_test_objs>)
  set_target_properties(${exe} PROPERTIES C_STANDARD 99 C_EXTENSIONS OFF SUFFIX .elf)
  target_include_directories(${exe} PRIVATE ${fxc_port})
  target_compile_definitions(${exe} PRIVATE FXC_BOARD_NAME="${FXC_BOARD}" FXC_TEST_PART=${part}
                             FXC_BOARD_TICK_NUM=${fxc_tick_num} FXC_BOARD_TICK_DEN=${fxc_tick_den})
  target_compile_options(${exe} PRIVATE -Os)
  target_link_options(${exe} PRIVATE -nostartfiles -L${fxc_boards} -T${fxc_board_dir}/link.ld)
  target_link_libraries(${exe} PRIVATE fxcollide m)
  add_test(NAME fxcollide_qemu_tests_${FXC_BOARD}_${part}
           COMMAND ${FXC_QEMU} ${fxc_board_qemu} -nographic -monitor none
                   -semihosting-config enable=on,target=native -icount shift=0 -kernel $<TARGET_FILE:${exe}>)
  set_tests_properties(fxcollide_qemu_tests_${FXC_BOARD}_${part} PROPERTIES TIMEOUT 900
                       PASS_REGULAR_EXPRESSION "(^|\n)[0-9]+ passed, 0 failed" FAIL_REGULAR_EXPRESSION " [1-9][0-9]* failed")
endforeach()
