/* Unions, bitfields, type punning, packed structs. */
#include <stdint.h>
#include <string.h>

union number {
    double d;
    int64_t i;
    uint32_t w[2];
    unsigned char bytes[8];
};

struct flags {
    unsigned ready : 1;
    unsigned mode : 3;
    unsigned count : 12;
    signed delta : 8;
    unsigned : 0;
    unsigned long long wide : 40;
};

struct __attribute__((packed)) header {
    uint8_t kind;
    uint32_t length;
    uint16_t crc;
};

struct tagged {
    int kind;
    union {
        int i;
        float f;
        struct { short lo, hi; } s;
        char *str;
    } u;
};

uint64_t bits_of(double d) {
    union number n;
    n.d = d;
    return (uint64_t)n.i;
}

double exponent_hack(double d) {
    union number n = {.d = d};
    n.w[1] &= 0x800fffffu;
    n.w[1] |= 0x3ff00000u;
    return n.d;
}

unsigned pack_flags(struct flags *f, unsigned mode, unsigned count, int delta) {
    f->ready = 1;
    f->mode = mode;
    f->count = count;
    f->delta = delta;
    f->wide = (unsigned long long)count << 20;
    return f->mode + f->count + (unsigned)f->delta + f->ready;
}

int flag_sum(const struct flags *arr, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += arr[i].ready ? arr[i].delta : (int)arr[i].count;
    return s;
}

uint32_t header_len(const struct header *h) { return h->length + h->kind + h->crc; }

void set_header(struct header *h, uint32_t len) {
    struct header tmp = {1, len, 0xbeef};
    memcpy(h, &tmp, sizeof tmp);
}

double tagged_value(const struct tagged *t) {
    switch (t->kind) {
    case 0: return t->u.i;
    case 1: return t->u.f;
    case 2: return t->u.s.lo + t->u.s.hi;
    default: return t->u.str ? t->u.str[0] : 0;
    }
}

float int_bits_to_float(uint32_t v) {
    float f;
    memcpy(&f, &v, sizeof f);
    return f;
}

unsigned checksum(const union number *v, int n) {
    unsigned c = 0;
    for (int i = 0; i < n; i++)
        for (int b = 0; b < 8; b++)
            c = (c << 1 | c >> 31) ^ v[i].bytes[b];
    return c;
}
