# Toolchain file for Cortex-M with Debian's arm-none-eabi-gcc and newlib:
#   cmake -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake -DFXC_CPU=cortex-m0 ...
# FXC_CPU (default cortex-m0) picks the core; the sections flags let
# --gc-sections drop every query a firmware does not call.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
set(CMAKE_CXX_COMPILER arm-none-eabi-g++)
set(CMAKE_ASM_COMPILER arm-none-eabi-gcc)
# No host executables can be run: compile-checks link a static library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

set(FXC_CPU cortex-m0 CACHE STRING "Cortex-M core for -mcpu")
set(CMAKE_C_FLAGS_INIT "-mcpu=${FXC_CPU} -mthumb -ffunction-sections -fdata-sections")
set(CMAKE_CXX_FLAGS_INIT "-mcpu=${FXC_CPU} -mthumb -ffunction-sections -fdata-sections")
set(CMAKE_EXE_LINKER_FLAGS_INIT "--specs=nano.specs --specs=nosys.specs -Wl,--gc-sections")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
