// The Arduino core's main() for the stub (Arduino.h): setup() once, then
// loop() as many times as the sketch takes to sweep the ball across the box.
#include <cstdio>
#include "Arduino.h"

SerialStub Serial;

void SerialStub::begin(unsigned long) {}
void SerialStub::print(const char *s) { std::fputs(s, stdout); }
void SerialStub::print(double v, int digits) { std::printf("%.*f", digits, v); }
void SerialStub::println(double v, int digits) { std::printf("%.*f\n", digits, v); }
void delay(unsigned long) {}

int main()
{
    setup();
    for (int i = 0; i < 13; i++) loop();
    return 0;
}
