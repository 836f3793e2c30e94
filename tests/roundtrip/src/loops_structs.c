/* Loops, structs, arrays of structs, memcpy/memset, static locals, strings. */
#include <string.h>
#include <stddef.h>

struct point {
    double x, y;
    int tag;
};

struct polygon {
    int n;
    struct point pts[16];
    char name[24];
};

static const char *const kNames[] = {"triangle", "square", "pentagon", "hexagon"};

double perimeter_sq(const struct polygon *p) {
    double acc = 0.0;
    for (int i = 0; i < p->n; ++i) {
        const struct point *a = &p->pts[i];
        const struct point *b = &p->pts[(i + 1) % p->n];
        double dx = b->x - a->x, dy = b->y - a->y;
        acc += dx * dx + dy * dy;
    }
    return acc;
}

void init_polygon(struct polygon *p, int n) {
    memset(p, 0, sizeof *p);
    p->n = n > 16 ? 16 : n;
    for (int i = 0; i < p->n; i++) {
        p->pts[i].x = (double)i;
        p->pts[i].y = (double)(i * i);
        p->pts[i].tag = i & 3;
    }
    if (n >= 3 && n <= 6)
        strncpy(p->name, kNames[n - 3], sizeof p->name - 1);
}

void copy_polygon(struct polygon *dst, const struct polygon *src) {
    memcpy(dst, src, sizeof *dst);
}

int counter(void) {
    static int calls = 0;
    return ++calls;
}

int sum_tags(const struct polygon *arr, size_t count) {
    int total = 0;
    size_t k = 0;
    while (k < count) {
        int j = 0;
        do {
            total += arr[k].pts[j].tag;
            ++j;
        } while (j < arr[k].n);
        ++k;
    }
    return total;
}

struct point centroid(const struct point *pts, int n) {
    struct point c = {0.0, 0.0, -1};
    if (n <= 0)
        return c;
    for (int i = 0; i < n; i++) {
        c.x += pts[i].x;
        c.y += pts[i].y;
    }
    c.x /= n;
    c.y /= n;
    c.tag = n;
    return c;
}

int matrix_trace(int m[8][8]) {
    int t = 0;
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++)
            if (i == j)
                t += m[i][j];
            else if (m[i][j] < 0)
                break;
    return t;
}

size_t count_char(const char *s, char c) {
    size_t n = 0;
    for (; *s; ++s)
        n += (*s == c);
    return n;
}

double by_value(struct polygon p, struct point q) { return perimeter_sq(&p) + q.x * q.tag; }

double pass_by_value(const struct polygon *p) { return by_value(*p, p->pts[0]); }
