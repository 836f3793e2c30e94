define double @ext(double %x) { %y = fmul double %x, 3.0
  ret double %y
}
