/* Recursion, mutual recursion, function pointers, indirect calls. */
typedef double (*unary_fn)(double);
typedef int (*cmp_fn)(const void *, const void *);

unsigned long fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

unsigned long fact(unsigned n) { return n <= 1 ? 1 : n * fact(n - 1); }

int is_odd(unsigned n);
int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

int ackermann(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static double square(double x) { return x * x; }
static double twice(double x) { return 2.0 * x; }
static double negate(double x) { return -x; }

static unary_fn table[] = {square, twice, negate};

double apply_n(unary_fn f, double x, int n) {
    for (int i = 0; i < n; i++)
        x = f(x);
    return x;
}

double dispatch(int which, double x) {
    if (which < 0 || which >= 3) return 0.0;
    return table[which](x);
}

double compose_all(double x) {
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        x = table[i](x);
    return x;
}

struct ops {
    int (*add)(int, int);
    int (*mul)(int, int);
};

static int add_i(int a, int b) { return a + b; }
static int mul_i(int a, int b) { return a * b; }
const struct ops default_ops = {add_i, mul_i};

int fold(const struct ops *o, const int *v, int n) {
    int acc = 0;
    for (int i = 0; i < n; i++)
        acc = o->add(acc, o->mul(v[i], v[i]));
    return acc;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

void insertion_sort(void *base, unsigned n, unsigned size, cmp_fn cmp);
void sort_ints(int *v, unsigned n) { insertion_sort(v, n, sizeof *v, cmp_int); }

int tree_depth(const int *left, const int *right, int node) {
    if (node < 0) return 0;
    int l = tree_depth(left, right, left[node]);
    int r = tree_depth(left, right, right[node]);
    return 1 + (l > r ? l : r);
}

int countdown(int n, int acc) {
    if (n <= 0)
        return acc;
    __attribute__((musttail)) return countdown(n - 1, acc + n);
}
