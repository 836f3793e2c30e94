/* Inline asm (memory clobbers, operands, asm goto), computed goto, module asm. */
__asm__(".globl enzyme_rt_marker\n"
        ".set enzyme_rt_marker, 0x2a");

void barrier(void) { __asm__ volatile("" ::: "memory"); }

unsigned add_asm(unsigned a, unsigned b) {
    unsigned r;
    __asm__("addl %2, %0" : "=r"(r) : "0"(a), "r"(b) : "cc");
    return r;
}

unsigned long long rdtsc(void) {
    unsigned lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    return ((unsigned long long)hi << 32) | lo;
}

int check_bit(unsigned long word, unsigned bit) {
    __asm__ goto("btq %1, %0\n\tjc %l[set]" : : "r"(word), "r"((unsigned long)bit) : "cc" : set);
    return 0;
set:
    return 1;
}

void escape(void *p) { __asm__ volatile("" : : "g"(p) : "memory"); }

int interp(const unsigned char *code, int acc) {
    static void *dispatch[] = {&&op_halt, &&op_inc, &&op_dec, &&op_dbl, &&op_neg};
    const unsigned char *pc = code;
#define NEXT goto *dispatch[*pc++]
    NEXT;
op_inc:
    acc++;
    NEXT;
op_dec:
    acc--;
    NEXT;
op_dbl:
    acc *= 2;
    NEXT;
op_neg:
    acc = -acc;
    NEXT;
op_halt:
    return acc;
#undef NEXT
}

void *g_last_label;

int label_addr(int which) {
    if (which) {
        g_last_label = &&second;
        goto second;
    }
first:
    __asm__ volatile("nop");
    g_last_label = &&first;
    return 1;
second:
    return 0;
}

int run_jump(int x) {
    void *target = x > 0 ? &&pos : &&nonpos;
    goto *target;
pos:
    return x * 2;
nonpos:
    return -x;
}

double sqrt_asm(double x) {
    double r;
    __asm__("sqrtsd %1, %0" : "=x"(r) : "x"(x));
    return r;
}
