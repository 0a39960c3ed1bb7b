#!/bin/sh
# Checks firmware images against their chip's memory map, with
# arm-none-eabi-readelf and arm-none-eabi-size:
#   - the vector table is the first thing in the image, at the chip's flash
#     base (first loaded byte at the base, reset vector = ELF entry point,
#     Thumb, inside flash; the 'vector_table' symbol, if any, at the base);
#   - the initial stack pointer (first word of the image) is the top of RAM;
#   - everything loaded fits the chip's flash, everything in RAM fits its RAM
#     with at least __stack_min bytes (sections.ld) left for the stack;
#   - the .hex and .bin next to the ELF, if any, hold the same bytes, from
#     the flash base.
# The chip's numbers come from the caller (the datasheet), not from link.ld.
#
#   check_memory_map.sh [--must-fail] IMAGE.elf FLASH_BASE FLASH_SIZE RAM_BASE RAM_SIZE [...]
#
# Each group of five arguments is one image. A group after --must-fail is a
# canary: it is checked silently and must FAIL at least one check (else the
# check is broken). Ends with 'N passed, N failed'; exit status 1 on failure.
set -u
TOOLS=${ARM_TOOLS_PREFIX:-arm-none-eabi-}
READELF=${TOOLS}readelf
SIZE=${TOOLS}size
OBJCOPY=${TOOLS}objcopy
OBJDUMP=${TOOLS}objdump

passed=0; failed=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

hex8() { printf '0x%08x' "$1"; }

# Little-endian 32-bit word from readelf -x's byte group "00500020".
le_word() {
    w=$1
    b0=${w%??????}; r=${w#??}; b1=${r%????}; r=${r#??}; b2=${r%??}; b3=${r#??}
    echo "0x$b3$b2$b1$b0"
}

# result OK|FAIL TEXT: counts one check of the current image.
result() {
    if [ "$1" = OK ]; then img_ok=$((img_ok + 1)); [ "$quiet" = 1 ] || echo "  ok   $2"
    else img_fail=$((img_fail + 1)); [ "$quiet" = 1 ] || echo "  FAIL $2"
    fi
}

check_image() {
    elf=$1; fb=$(($2)); fs=$(($3)); rb=$(($4)); rs=$(($5))
    fe=$((fb + fs)); re=$((rb + rs))
    img_ok=0; img_fail=0
    [ "$quiet" = 1 ] || echo "check-memory-map: $elf (chip flash $(hex8 $fb) + $fs, RAM $(hex8 $rb) + $rs)"
    if ! "$READELF" -h "$elf" >/dev/null 2>&1; then
        result FAIL "$elf: not a readable ELF file"; return
    fi

    # Program headers: LOAD Offset VirtAddr PhysAddr FileSiz MemSiz Flg Align.
    "$READELF" -l -W "$elf" | awk '$1 == "LOAD" { print $3, $4, $5, $6 }' > "$tmp/load"
    entry=$("$READELF" -h "$elf" | awk '/Entry point address/ { print $NF }')

    # 1. vector table at the flash base.
    first=""
    while read -r va pa filesz memsz; do
        [ $((filesz)) -gt 0 ] || continue
        if [ -z "$first" ] || [ $((pa)) -lt $((first)) ]; then first=$pa; fi
    done < "$tmp/load"
    # The section holding the first loaded byte, and its first two words.
    sec=$("$READELF" -S -W "$elf" | sed -n 's/^ *\[ *[0-9]*\] //p' |
          awk '$2 != "NOBITS" && $2 != "NULL" && $7 ~ /A/ { print $1, $3, $5 }' |
          while read -r n a s; do
              if [ $((0x$a)) -eq "$fb" ] && [ $((0x$s)) -gt 0 ]; then echo "$n"; break; fi
          done)
    sp=""; rv=""
    if [ -n "$sec" ]; then
        set -- $("$READELF" -x "$sec" "$elf" | awk '$1 ~ /^0x/ { print $2, $3; exit }')
        [ $# -eq 2 ] && { sp=$(le_word "$1"); rv=$(le_word "$2"); }
    fi
    vt=$("$READELF" -s -W "$elf" | awk '$8 == "vector_table" { print $2; exit }')
    isr=$("$READELF" -S -W "$elf" | sed -n 's/^ *\[ *[0-9]*\] //p' | awk '$1 == ".isr_vector" { print $3; exit }')
    why=""
    if [ -z "$first" ]; then why="nothing is loaded"
    elif [ $((first)) -ne "$fb" ]; then why="first loaded byte at $(hex8 $((first)))"
    elif [ -z "$sec" ] || [ -z "$rv" ]; then why="no section starts at the flash base"
    elif [ -n "$vt" ] && [ $((0x$vt)) -ne "$fb" ]; then why="vector_table at $(hex8 $((0x$vt)))"
    elif [ -n "$isr" ] && [ $((0x$isr)) -ne "$fb" ]; then why=".isr_vector at $(hex8 $((0x$isr)))"
    elif [ $((rv)) -ne $((entry)) ]; then why="reset vector $(hex8 $((rv))) is not the entry point $entry"
    elif [ $((rv & 1)) -ne 1 ]; then why="reset vector $(hex8 $((rv))) lacks the Thumb bit"
    elif [ $((rv)) -lt "$fb" ] || [ $((rv)) -ge "$fe" ]; then why="reset vector $(hex8 $((rv))) outside flash"
    fi
    if [ -z "$why" ]; then
        result OK "vector table at the flash base $(hex8 $fb) (section $sec; reset vector $(hex8 $((rv))) = entry point)"
    else
        result FAIL "vector table at the flash base $(hex8 $fb): $why"
    fi

    # 2. initial stack pointer = top of RAM.
    if [ -n "$sp" ] && [ $((sp)) -eq "$re" ]; then
        result OK "initial stack pointer $(hex8 $((sp))) = top of RAM"
    else
        result FAIL "initial stack pointer ${sp:-(none)} is not the top of RAM $(hex8 $re)"
    fi

    # 3. and 4. flash and RAM fit: every loaded range inside flash, every
    # run-time range inside flash or RAM, and room left for the stack.
    bad_flash=""; bad_ram=""; ram_end=$rb
    while read -r va pa filesz memsz; do
        va=$((va)); pa=$((pa)); filesz=$((filesz)); memsz=$((memsz))
        if [ "$filesz" -gt 0 ] && { [ "$pa" -lt "$fb" ] || [ $((pa + filesz)) -gt "$fe" ]; }; then
            bad_flash="$bad_flash load $(hex8 $pa)+$filesz outside flash;"
        fi
        if [ "$va" -ge "$fb" ] && [ "$va" -lt "$fe" ]; then
            : # runs from flash: its size is the flash check's business
        elif [ "$va" -ge "$rb" ] && [ "$va" -lt "$re" ]; then
            [ $((va + memsz)) -gt "$ram_end" ] && ram_end=$((va + memsz))
            [ $((va + memsz)) -le "$re" ] || bad_ram="$bad_ram $(hex8 $va)+$memsz overflows RAM;"
        else
            bad_ram="$bad_ram run-time $(hex8 $va)+$memsz outside flash and RAM;"
        fi
    done < "$tmp/load"
    set -- $("$SIZE" "$elf" | awk 'NR == 2 { print $1, $2, $3 }')
    text=${1:-0}; data=${2:-0}; bss=${3:-0}
    stack_min=$("$READELF" -s -W "$elf" | awk '$8 == "__stack_min" { print $2; exit }')
    stack_min=$((0x${stack_min:-0}))
    flash_used=$((text + data)); ram_used=$((data + bss)); stack=$((re - ram_end))
    if [ -z "$bad_flash" ] && [ "$flash_used" -le "$fs" ] && [ -s "$tmp/load" ]; then
        result OK "flash: $flash_used of $fs bytes (text $text + data $data)"
    else
        result FAIL "flash: $flash_used of $fs bytes;$bad_flash"
    fi
    if [ -z "$bad_ram" ] && [ $((ram_used + stack_min)) -le "$rs" ] && [ "$stack" -ge "$stack_min" ]; then
        result OK "RAM: $ram_used of $rs bytes (data $data + bss $bss), $stack left for the stack (>= $stack_min)"
    else
        result FAIL "RAM: $ram_used of $rs bytes, $stack left for the stack (need $stack_min);$bad_ram"
    fi

    # 5. the files that get flashed hold the ELF's bytes.
    "$OBJCOPY" -O binary "$elf" "$tmp/elf.bin" 2>/dev/null || : > "$tmp/elf.bin"
    for img in "${elf%.elf}.hex" "${elf%.elf}.bin"; do
        [ -f "$img" ] || continue
        case $img in
        *.hex)
            lo=$("$OBJDUMP" -h "$img" | awk '$2 ~ /^\.sec/ { print $4 }' | sort | head -n1)
            "$OBJCOPY" -I ihex -O binary "$img" "$tmp/img.bin" 2>/dev/null || : > "$tmp/img.bin"
            if [ -n "$lo" ] && [ $((0x$lo)) -eq "$fb" ] && cmp -s "$tmp/img.bin" "$tmp/elf.bin"; then
                result OK "$(basename "$img"): the ELF's bytes, from $(hex8 $fb)"
            else
                result FAIL "$(basename "$img"): starts at 0x${lo:-?} or differs from the ELF"
            fi ;;
        *.bin)
            if cmp -s "$img" "$tmp/elf.bin"; then
                result OK "$(basename "$img"): the ELF's bytes (write it at $(hex8 $fb))"
            else
                result FAIL "$(basename "$img"): differs from the ELF"
            fi ;;
        esac
    done
}

quiet=0; must_fail=0
while [ $# -gt 0 ]; do
    if [ "$1" = --must-fail ]; then must_fail=1; shift; continue; fi
    if [ $# -lt 5 ]; then echo "usage: $0 [--must-fail] IMAGE.elf FLASH_BASE FLASH_SIZE RAM_BASE RAM_SIZE [...]" >&2; exit 2; fi
    if [ "$must_fail" = 1 ]; then
        quiet=1; check_image "$1" "$2" "$3" "$4" "$5"; quiet=0
        if [ "$img_fail" -gt 0 ]; then
            echo "check-memory-map: canary: $1 (flash $2, RAM $4) rejected ($img_fail of $((img_ok + img_fail)) checks failed), as it must be"
            passed=$((passed + 1))
        else
            echo "check-memory-map: canary: $1 (flash $2, RAM $4) was NOT rejected: the check is broken"
            failed=$((failed + 1))
        fi
        must_fail=0
    else
        check_image "$1" "$2" "$3" "$4" "$5"
        passed=$((passed + img_ok)); failed=$((failed + img_fail))
    fi
    shift 5
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
