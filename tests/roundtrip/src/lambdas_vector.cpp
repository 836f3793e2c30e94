// Lambdas, std::vector, std::function, algorithms.
#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

std::vector<double> squares(int n) {
    std::vector<double> v;
    v.reserve(n);
    for (int i = 0; i < n; i++)
        v.push_back(static_cast<double>(i) * i);
    return v;
}

double sum_if(const std::vector<double> &v, double threshold) {
    double s = 0;
    std::for_each(v.begin(), v.end(), [&s, threshold](double x) {
        if (x > threshold)
            s += x;
    });
    return s;
}

void sort_desc(std::vector<int> &v) {
    std::sort(v.begin(), v.end(), [](int a, int b) { return a > b; });
}

std::function<int(int)> make_adder(int k) {
    return [k](int x) { return x + k; };
}

int apply_all(const std::vector<std::function<int(int)>> &fs, int x) {
    for (const auto &f : fs)
        x = f(x);
    return x;
}

template <typename F>
double integrate(F f, double a, double b, int n) {
    double h = (b - a) / n, s = 0.5 * (f(a) + f(b));
    for (int i = 1; i < n; i++)
        s += f(a + i * h);
    return s * h;
}

double integrate_poly(double c) {
    auto poly = [c](double x) { return c * x * x - x; };
    auto gen = [](auto x) { return x * 2; };
    return integrate(poly, 0.0, 1.0, 100) + gen(1.5) + gen(2);
}

long count_even(const std::vector<long> &v) {
    return std::count_if(v.begin(), v.end(), [](long x) { return x % 2 == 0; });
}

std::vector<int> transform_plus(const std::vector<int> &in, int k) {
    std::vector<int> out(in.size());
    std::transform(in.begin(), in.end(), out.begin(), [=](int x) mutable { return x + k++; });
    return out;
}

int counter_lambda() {
    int calls = 0;
    auto inc = [&calls]() { return ++calls; };
    inc();
    inc();
    return inc();
}

double total(const std::vector<double> &v) { return std::accumulate(v.begin(), v.end(), 0.0); }
