// FLAGS: -fexperimental-relative-c++-abi-vtables
// Relative vtables: dso_local_equivalent, ptrtoint/sub/trunc-style constant expressions.
struct Animal {
    virtual ~Animal();
    virtual int legs() const = 0;
    virtual const char *sound() const { return "..."; }
};
Animal::~Animal() {}

struct Dog : Animal {
    int legs() const override { return 4; }
    const char *sound() const override { return "woof"; }
};

struct Bird : Animal {
    int wings = 2;
    int legs() const override { return 2; }
};

struct Robot final : Dog {
    int extra;
    explicit Robot(int e) : extra(e) {}
    int legs() const override { return 4 + extra; }
};

int total_legs(Animal **zoo, int n) {
    int t = 0;
    for (int i = 0; i < n; i++)
        t += zoo[i]->legs();
    return t;
}

const char *first_sound(const Animal &a) { return a.sound(); }

int make_zoo(int extra) {
    Dog d;
    Bird b;
    Robot r(extra);
    Animal *zoo[3] = {&d, &b, &r};
    return total_legs(zoo, 3) + (first_sound(r)[0] == 'w');
}

Animal *heap_dog() { return new Dog(); }

void destroy(Animal *a) { delete a; }
