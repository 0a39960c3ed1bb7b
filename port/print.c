/* A small printf used on every platform, so the test and demo outputs are
 * byte-identical between host and targets and need no libc stdio. */
#include <stdarg.h>
#include "port.h"

struct spec {
    int left, zero, width, prec;
};

static void pad(int n, char c)
{
    while (n-- > 0) port_write(&c, 1);
}

static void emit(const struct spec *sp, const char *s, int n)
{
    int fill = sp->width - n;
    if (!sp->left) pad(fill, (sp->zero) ? '0' : ' ');
    port_write(s, (unsigned)n);
    if (sp->left) pad(fill, ' ');
}

/* Formats an unsigned magnitude with an optional sign into buf (backwards). */
static void emit_int(const struct spec *sp, unsigned long long v, int neg, unsigned base, int upper)
{
    char buf[24];
    int i = (int)sizeof buf;
    const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    do {
        buf[--i] = digits[v % base];
        v /= base;
    } while (v != 0);
    if (neg) {
        if (sp->zero && sp->width > 0) {
            /* sign goes before the zero padding */
            struct spec s2 = *sp;
            port_write("-", 1);
            s2.width--;
            emit(&s2, buf + i, (int)sizeof buf - i);
            return;
        }
        buf[--i] = '-';
    }
    emit(sp, buf + i, (int)sizeof buf - i);
}

static void emit_double(const struct spec *sp, double d, int prec)
{
    char buf[48];
    int i = 0, k;
    unsigned long long ip, scale = 1, fp;
    if (d != d) { emit(sp, "nan", 3); return; }
    if (d < 0) { buf[i++] = '-'; d = -d; }
    if (d > 1e18) { emit(sp, d > 0 ? "big" : "-big", d > 0 ? 3 : 4); return; }
    if (prec > 9) prec = 9;
    for (k = 0; k < prec; k++) scale *= 10;
    ip = (unsigned long long)d;
    fp = (unsigned long long)((d - (double)ip) * (double)scale + 0.5);
    if (fp >= scale) { ip++; fp -= scale; }
    {
        char tmp[24];
        int t = 0;
        do { tmp[t++] = (char)('0' + ip % 10); ip /= 10; } while (ip != 0);
        while (t > 0) buf[i++] = tmp[--t];
    }
    if (prec > 0) {
        buf[i++] = '.';
        for (k = prec - 1; k >= 0; k--) {
            buf[i + k] = (char)('0' + fp % 10);
            fp /= 10;
        }
        i += prec;
    }
    emit(sp, buf, i);
}

void port_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    while (*fmt != '\0') {
        struct spec sp = { 0, 0, 0, -1 };
        int lng = 0;
        const char *start = fmt;
        while (*fmt != '\0' && *fmt != '%') fmt++;
        if (fmt != start) port_write(start, (unsigned)(fmt - start));
        if (*fmt == '\0') break;
        fmt++;
        for (;; fmt++) {
            if (*fmt == '-') sp.left = 1;
            else if (*fmt == '0') sp.zero = 1;
            else break;
        }
        while (*fmt >= '0' && *fmt <= '9') sp.width = sp.width * 10 + (*fmt++ - '0');
        if (*fmt == '.') {
            sp.prec = 0;
            fmt++;
            while (*fmt >= '0' && *fmt <= '9') sp.prec = sp.prec * 10 + (*fmt++ - '0');
        }
        while (*fmt == 'l') { lng++; fmt++; }
        switch (*fmt) {
        case 'd': case 'i': {
            long long v = lng >= 2 ? va_arg(ap, long long) : lng == 1 ? va_arg(ap, long) : va_arg(ap, int);
            unsigned long long m = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
            emit_int(&sp, m, v < 0, 10, 0);
            break;
        }
        case 'u': case 'x': case 'X': {
            unsigned long long v = lng >= 2 ? va_arg(ap, unsigned long long)
                                 : lng == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
            emit_int(&sp, v, 0, *fmt == 'u' ? 10u : 16u, *fmt == 'X');
            break;
        }
        case 'f':
            emit_double(&sp, va_arg(ap, double), sp.prec < 0 ? 6 : sp.prec);
            break;
        case 's': {
            const char *s = va_arg(ap, const char *);
            int n = 0;
            if (s == 0) s = "(null)";
            while (s[n] != '\0') n++;
            emit(&sp, s, n);
            break;
        }
        case 'c': {
            char c = (char)va_arg(ap, int);
            emit(&sp, &c, 1);
            break;
        }
        case '%':
            port_write("%", 1);
            break;
        default:
            if (*fmt == '\0') fmt--;
            break;
        }
        fmt++;
    }
    va_end(ap);
}
