; -enzyme-vectorize-at-leaf-nodes at enzyme_width 4: the IR's shape. Each duplicated
; pointer takes one shadow, whose memory is the primal's stretched 4 times: a GEP over
; double becomes one over [4 x double], a byte GEP one over [4 x i8]; a double's tangents
; are one <4 x double> load; a <2 x double> load reads <8 x double> (element-major: lane l
; of element j at 4*j + l) and shuffles the lanes out; memcpy copies 4 times the bytes.
; A double argument's shadow and the result's tangent are <4 x double>.
; RUN: enzyme-opt %s -enzyme-vectorize-at-leaf-nodes -S -o - | FileCheck %s
; Without the option the same call is refused: it passes one shadow, not four.
; RUN: not enzyme-opt %s -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=WITHOUT

declare <4 x double> @__enzyme_fwddiff(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define double @f(ptr %x, ptr %y, double %s, i64 %n) {
entry:
  %bytes = shl i64 %n, 3
  call void @llvm.memcpy.p0.p0.i64(ptr %y, ptr %x, i64 %bytes, i1 false)
  %second = getelementptr inbounds i8, ptr %x, i64 16
  %pair = load <2 x double>, ptr %second, align 8
  %twice = fmul <2 x double> %pair, %pair
  store <2 x double> %twice, ptr %y, align 8
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr inbounds double, ptr %x, i64 %i
  %v = load double, ptr %p, align 8
  %sv = fmul double %s, %v
  %acc.next = fadd double %acc, %sv
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret double %acc.next
}

define <4 x double> @caller(ptr %x, ptr %dx, ptr %y, ptr %dy, <4 x double> %ds, i64 %n) {
  %r = call <4 x double> (ptr, ...) @__enzyme_fwddiff(ptr @f, metadata !"enzyme_width", i64 4, ptr %x, ptr %dx, ptr %y, ptr %dy, double 2.0, <4 x double> %ds, i64 %n)
  ret <4 x double> %r
}

; CHECK-LABEL: define <4 x double> @caller(
; CHECK: call <4 x double> @fwddiffe4f(ptr %x, ptr %dx, ptr %y, ptr %dy, double 2.000000e+00, <4 x double> %ds, i64 %n)
; CHECK-LABEL: define internal <4 x double> @fwddiffe4f(ptr %x, ptr %"x'", ptr %y, ptr %"y'", double %s, <4 x double> %"s'", i64 %n)
; CHECK: %[[LEN:.+]] = mul i64 %bytes, 4
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr %"y'", ptr %"x'", i64 %[[LEN]], i1 false)
; CHECK: %"second'" = getelementptr inbounds nuw [4 x i8], ptr %"x'", i64 16
; CHECK: %[[GROUP:.+]] = load <8 x double>, ptr %"second'", align 8
; CHECK-NEXT: shufflevector <8 x double> %[[GROUP]], <8 x double> poison, <2 x i32> <i32 0, i32 4>
; CHECK-NEXT: shufflevector <8 x double> %[[GROUP]], <8 x double> poison, <2 x i32> <i32 1, i32 5>
; CHECK: insertelement <8 x double> %{{.+}}, double %{{.+}}, i32 4
; CHECK: store <8 x double> %{{.+}}, ptr %"y'", align 8
; CHECK: %"acc'" = phi <4 x double> [ zeroinitializer, %entry ], [ %"acc.next'", %loop ]
; CHECK: %"p'" = getelementptr inbounds [4 x double], ptr %"x'", i64 %i
; CHECK: %"v'" = load <4 x double>, ptr %"p'", align 8
; CHECK: %"acc.next'" = fadd <4 x double> %"acc'", %"sv'"
; CHECK: ret <4 x double> %"acc.next.lcssa'"

; WITHOUT: error: {{.*}}the shadow of parameter 1 of @f has type double, but its primal has type ptr (with enzyme_width 4 each duplicated argument takes 4 shadows; one shadow holding every lane is Enzyme's -enzyme-vectorize-at-leaf-nodes layout, which needs that option)
