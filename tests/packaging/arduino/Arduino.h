/* The part of the Arduino core that the example sketch uses, for building
 * the sketch as the Arduino IDE would (tools/check_packaging.sh) without
 * the IDE: Serial prints to stdout, delay() returns at once. */
#ifndef ARDUINO_STUB_H
#define ARDUINO_STUB_H

#include <stddef.h>

class SerialStub {
public:
    void begin(unsigned long baud);
    void print(const char *s);
    void print(double v, int digits);
    void println(double v, int digits);
};

extern SerialStub Serial;
void delay(unsigned long ms);
void setup();
void loop();

#endif
