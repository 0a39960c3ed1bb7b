# Packaging for firmware projects (included by the Makefile): a host install
# with a pkg-config file, the Arduino library zip, and the check that builds
# every way in (CMake, pkg-config, C++, Arduino, PlatformIO, Zephyr).
# The CMake, PlatformIO and Zephyr files themselves live where those tools
# look for them: CMakeLists.txt and cmake/, library.json, zephyr/.

PREFIX ?= /usr/local
FXC_VERSION := $(shell sed -n 's/^\#define FXC_VERSION_STRING "\(.*\)"/\1/p' include/fxcollide.h)

# ---- make install: static libraries, headers and fxcollide.pc --------------
# The library is built at -O2 with no test hooks (FXC_ASSERT_HOOK) and as
# position-independent code, so it can also go into a shared object.
INSTALL_CFLAGS := $(CSTD) -O2 -fPIC $(WARN) -Iinclude -I$(FIXMATH_DIR) $(FIXMATH_DEFS)
INSTALL_OBJS := $(LIB_SRCS:%.c=$(BUILD)/install/obj/%.o)
INSTALL_FIXMATH_OBJS := $(patsubst %,$(BUILD)/install/fixmath/%,$(notdir $(FIXMATH_SRCS:.c=.o)))

$(BUILD)/install/obj/%.o: %.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(INSTALL_CFLAGS) -c $< -o $@
$(BUILD)/install/fixmath/%.o: $(FIXMATH_DIR)/%.c | deps
	@mkdir -p $(dir $@)
	$(HOST_CC) $(CSTD) -O2 -fPIC -I$(FIXMATH_DIR) $(FIXMATH_DEFS) -c $< -o $@
$(BUILD)/install/libfxcollide.a: $(INSTALL_OBJS)
	rm -f $@ && ar rcs $@ $^
$(BUILD)/install/libfxcollide_fixmath.a: $(INSTALL_FIXMATH_OBJS)
	rm -f $@ && ar rcs $@ $^

## install: the host library, libfixmath, the headers and fxcollide.pc under PREFIX (default /usr/local)
install: $(BUILD)/install/libfxcollide.a $(BUILD)/install/libfxcollide_fixmath.a
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/fxcollide
	install -m 644 $^ $(DESTDIR)$(PREFIX)/lib
	install -m 644 include/*.h $(FIXMATH_DIR)/*.h $(wildcard $(FIXMATH_DIR)/*.hpp) $(DESTDIR)$(PREFIX)/include/fxcollide
	sed -e 's|@prefix@|$(PREFIX)|' -e 's|@libdir@|$${prefix}/lib|' -e 's|@includedir@|$${prefix}/include|' \
	    -e 's|@version@|$(FXC_VERSION)|' cmake/fxcollide.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/fxcollide.pc

# ---- make arduino-zip -------------------------------------------------------
# The Arduino IDE compiles everything under a library's src/ with that folder
# as the only include path and no build flags, so the zip holds one flat
# src/: the public and internal headers, the sources, libfixmath's three
# sources and their headers, and fxc_user_config.h for the options. The one
# flag libfixmath needs, FIXMATH_NO_CACHE, is written at the top of its
# fix16_trig.c, the only file that reads it.
ARDUINO_DIR := $(BUILD)/arduino/fxcollide
ARDUINO_ZIP := $(BUILD)/arduino/fxcollide-$(FXC_VERSION).zip

## arduino-zip: build/arduino/fxcollide-VERSION.zip, a library the Arduino IDE installs (Sketch > Include Library > Add .ZIP)
arduino-zip: deps
	rm -rf $(BUILD)/arduino && mkdir -p $(ARDUINO_DIR)/src $(ARDUINO_DIR)/examples
	sed -e 's|@version@|$(FXC_VERSION)|' packaging/arduino/library.properties > $(ARDUINO_DIR)/library.properties
	cp include/*.h src/*.c src/*.h packaging/arduino/fxc_user_config.h $(ARDUINO_DIR)/src/
	cp $(FIXMATH_DIR)/*.h $(wildcard $(FIXMATH_DIR)/*.hpp) $(FIXMATH_DIR)/fix16.c $(FIXMATH_DIR)/fix16_sqrt.c $(ARDUINO_DIR)/src/
	(echo '/* fxcollide: libfixmath built as every fxcollide build builds it */'; \
	 echo '#define FIXMATH_NO_CACHE'; cat $(FIXMATH_DIR)/fix16_trig.c) > $(ARDUINO_DIR)/src/fix16_trig.c
	cp -r examples/BoxAndBall $(ARDUINO_DIR)/examples/
	cp README.md $(ARDUINO_DIR)/
	cd $(BUILD)/arduino && python3 -m zipfile -c $(notdir $(ARDUINO_ZIP)) fxcollide
	@echo "arduino-zip: wrote $(ARDUINO_ZIP)"

## check-packaging: build and run consumers through CMake (host, and Cortex-M0/M3 with ctest in QEMU),
##                  make install + pkg-config, C++, the Arduino zip, PlatformIO's and Zephyr's files
check-packaging: deps
	@sh tools/check_packaging.sh $(FIXMATH_DIR) $(BUILD)/packaging > $(BUILD)/packaging.log 2>&1; st=$$?; \
	    cat $(BUILD)/packaging.log; exit $$st

.PHONY: install arduino-zip check-packaging
