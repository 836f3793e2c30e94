// C++ templates: class/function templates, specialization, constexpr, CRTP.
#include <cstddef>
#include <utility>

template <typename T, std::size_t N>
struct Array {
    T data[N];
    constexpr std::size_t size() const { return N; }
    T &operator[](std::size_t i) { return data[i]; }
    const T &operator[](std::size_t i) const { return data[i]; }
};

template <typename T>
T accumulate(const T *first, const T *last, T init) {
    for (; first != last; ++first)
        init = init + *first;
    return init;
}

template <typename T>
struct Vec2 {
    T x, y;
    Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
    Vec2 operator*(T s) const { return {x * s, y * s}; }
    T dot(const Vec2 &o) const { return x * o.x + y * o.y; }
};

template <int N>
struct Factorial { static constexpr long value = N * Factorial<N - 1>::value; };
template <>
struct Factorial<0> { static constexpr long value = 1; };

template <typename Derived>
struct Shape {
    double area() const { return static_cast<const Derived *>(this)->area_impl(); }
};
struct Square : Shape<Square> {
    double side;
    double area_impl() const { return side * side; }
};
struct Circle : Shape<Circle> {
    double r;
    double area_impl() const { return 3.14159265358979 * r * r; }
};

template <typename S>
double total_area(const S *shapes, int n) {
    double t = 0;
    for (int i = 0; i < n; i++)
        t += shapes[i].area();
    return t;
}

template <typename T>
T max_of(T a) { return a; }
template <typename T, typename... Rest>
T max_of(T a, Rest... rest) {
    T m = max_of(rest...);
    return a > m ? a : m;
}

template <typename T>
void swap_sort(T *v, int n) {
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (v[j] < v[i])
                std::swap(v[i], v[j]);
}

double use_templates(double *dv, int *iv, int n) {
    Array<double, 8> a{};
    for (std::size_t i = 0; i < a.size(); i++)
        a[i] = dv[i % n];
    double s = accumulate(&a[0], &a[0] + a.size(), 0.0);
    int si = accumulate(iv, iv + n, 0);
    Vec2<float> v{1.f, 2.f}, w{3.f, 4.f};
    float d = (v + w * 2.f).dot(v);
    Square sq[2] = {{{}, 2.0}, {{}, 3.0}};
    Circle c[1] = {{{}, 1.0}};
    swap_sort(iv, n);
    swap_sort(dv, n);
    return s + si + d + Factorial<10>::value + total_area(sq, 2) + total_area(c, 1) +
           max_of(1.0, 7.5, -2.0, 3.0) + max_of(3, 9, 4);
}

template long accumulate<long>(const long *, const long *, long);
