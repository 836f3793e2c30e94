// Virtual classes with inheritance, exceptions (invoke/landingpad/resume), RTTI.
#include <stdexcept>
#include <string>
#include <typeinfo>

struct Base {
    virtual ~Base() {}
    virtual double eval(double x) const = 0;
    virtual const char *name() const { return "base"; }
};

struct Affine : Base {
    double a, b;
    Affine(double a_, double b_) : a(a_), b(b_) {}
    double eval(double x) const override { return a * x + b; }
    const char *name() const override { return "affine"; }
};

struct Guarded final : Affine {
    double limit;
    Guarded(double a_, double b_, double l) : Affine(a_, b_), limit(l) {}
    double eval(double x) const override {
        if (x > limit)
            throw std::out_of_range("input above limit");
        return Affine::eval(x);
    }
};

struct Resource {
    int *counter;
    explicit Resource(int *c) : counter(c) { ++*counter; }
    ~Resource() { --*counter; }
};

struct MyError {
    int code;
};

double call_virtual(const Base &b, double x) { return b.eval(x); }

double safe_eval(const Base &b, double x, int *live) {
    Resource r(live);
    try {
        return b.eval(x);
    } catch (const std::out_of_range &e) {
        return -1.0;
    } catch (const MyError &e) {
        return -2.0 - e.code;
    } catch (...) {
        throw;
    }
}

void thrower(int code) {
    if (code > 0)
        throw MyError{code};
    if (code < 0)
        throw std::runtime_error(std::string("negative: ") + std::to_string(code));
}

int catch_int(int v) {
    try {
        thrower(v);
    } catch (MyError e) {
        return e.code;
    }
    return 0;
}

void cleanup_only(int *live, int v) {
    Resource a(live);
    Resource b(live);
    thrower(v);
}

bool is_affine(const Base *b) { return dynamic_cast<const Affine *>(b) != nullptr; }

const char *type_name(const Base &b) { return typeid(b).name(); }

double sum_all(Base **items, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) {
        try {
            s += items[i]->eval(1.0);
        } catch (const std::exception &) {
            s -= 1;
        }
    }
    return s;
}

double make_and_use(double x) {
    Base *p = new Guarded(2.0, 1.0, 10.0);
    double r = 0;
    try {
        r = p->eval(x);
    } catch (...) {
        delete p;
        throw;
    }
    delete p;
    return r;
}

void noexcept_caller(int v) noexcept { thrower(v); }
