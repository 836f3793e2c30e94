; An llvm-stress module (seed 63015, tests/fuzz/stress.py --scalable mix) differentiated in
; reverse mode: a <vscale x 2 x i64> load reaches a store through an LCSSA phi. Integer move
; graphs pass through phis for scalars only: joined as a vector of pointers, the shadow load
; was typed ptr and the output did not verify. The output must verify.
; RUN: enzyme-opt %s -S -o %t.out.ll
; ModuleID = '/tmp/autogen.bc'
source_filename = "/tmp/autogen.bc"

define void @autogen_SD63015(ptr %0, ptr %1, ptr %2, i32 %3, i64 %4, i8 %5) {
BB:
  %A4 = alloca i32, align 4
  %A3 = alloca i8, align 1
  %A2 = alloca i8, align 1
  %A1 = alloca i32, align 4
  %A = alloca i32, align 4
  %L = load i32, ptr %0, align 4
  store <vscale x 2 x i16> splat (i16 -1), ptr %0, align 4
  %E = extractelement <vscale x 16 x i32> splat (i32 -1), i32 %L
  %I = insertelement <vscale x 8 x i8> splat (i8 -1), i8 %5, i32 %L
  %B = ashr <vscale x 8 x i16> splat (i16 -1), splat (i16 -1)
  %ZE = zext <vscale x 1 x i1> splat (i1 true) to <vscale x 1 x i16>
  %Sl = select i1 true, ptr %0, ptr %0
  %Cmp = icmp ule <vscale x 4 x i16> splat (i16 -1), splat (i16 -1)
  %L5 = load <vscale x 4 x i32>, ptr %Sl, align 16
  store <vscale x 2 x i8> undef, ptr %A4, align 2
  %E6 = extractelement <vscale x 4 x i64> splat (i64 -1), i32 %3
  %I7 = insertelement <vscale x 16 x i64> splat (i64 -1), i64 %4, i32 %L
  %FC = uitofp <vscale x 2 x i1> splat (i1 true) to <vscale x 2 x float>
  %Sl8 = select i1 true, ptr %A1, ptr %A4
  %Cmp9 = fcmp ueq <vscale x 2 x float> %FC, %FC
  %L10 = load double, ptr %Sl, align 8
  store <vscale x 16 x i8> splat (i8 -1), ptr %Sl, align 16
  %E11 = extractelement <vscale x 2 x i1> %Cmp9, i32 %L
  br label %CF77

CF77:                                             ; preds = %BB
  %I12 = insertelement <vscale x 8 x i8> %I, i8 %5, i32 %L
  %PC = bitcast ptr %0 to ptr
  %Sl13 = select i1 %E11, <vscale x 8 x i8> splat (i8 -1), <vscale x 8 x i8> splat (i8 -1)
  %Cmp14 = icmp slt i32 %L, %L
  br label %CF74

CF74:                                             ; preds = %CF74, %CF77
  %L15 = load i64, ptr %Sl, align 4
  store <vscale x 2 x i8> undef, ptr %A2, align 2
  %E16 = extractelement <vscale x 4 x i32> splat (i32 -1), i32 %L
  %I17 = insertelement <vscale x 1 x i64> splat (i64 -1), i64 %L15, i32 %L
  %B18 = shl <vscale x 1 x i8> splat (i8 -1), splat (i8 -1)
  %PC19 = bitcast ptr %PC to ptr
  %Sl20 = select <vscale x 4 x i1> %Cmp, <vscale x 4 x i32> splat (i32 -1), <vscale x 4 x i32> splat (i32 -1)
  %Cmp21 = icmp uge <vscale x 4 x i16> splat (i16 -1), splat (i16 -1)
  %L22 = load <vscale x 2 x i64>, ptr %Sl, align 16
  store <vscale x 2 x i32> undef, ptr %Sl, align 8
  %E23 = extractelement <vscale x 4 x i32> %Sl20, i32 %L
  %I24 = insertelement <vscale x 2 x i1> %Cmp9, i1 %E11, i32 %L
  %B25 = xor <vscale x 4 x i32> splat (i32 -1), splat (i32 -1)
  %PC26 = bitcast ptr %Sl to ptr
  %Sl27 = select i1 %Cmp14, i8 %5, i8 %5
  %Cmp28 = icmp eq <vscale x 2 x i16> splat (i16 -1), splat (i16 -1)
  %L29 = load double, ptr %Sl, align 8
  store <vscale x 1 x i16> %ZE, ptr %Sl, align 2
  %E30 = extractelement <vscale x 2 x i1> splat (i1 true), i32 %E16
  br i1 %E30, label %CF74, label %CF76

CF76:                                             ; preds = %CF74
  %I31 = insertelement <vscale x 16 x i64> %I7, i64 %E6, i32 %L
  %B32 = sdiv <vscale x 2 x i64> %L22, %L22
  %ZE33 = zext <vscale x 4 x i8> splat (i8 -1) to <vscale x 4 x i32>
  %Sl34 = select i1 %E11, <vscale x 16 x i32> splat (i32 -1), <vscale x 16 x i32> splat (i32 -1)
  %L35 = load <vscale x 16 x float>, ptr %Sl, align 64
  store <vscale x 4 x float> undef, ptr %2, align 16
  %E36 = extractelement <vscale x 16 x i64> %I31, i32 %3
  %I37 = insertelement <vscale x 4 x i32> %ZE33, i32 %L, i32 %E23
  %B38 = urem <vscale x 1 x i8> splat (i8 -1), %B18
  %BC = bitcast i64 %L15 to double
  %Sl39 = select i1 true, <vscale x 1 x i8> splat (i8 -1), <vscale x 1 x i8> %B18
  %Cmp40 = icmp sge <vscale x 16 x i32> splat (i32 -1), %Sl34
  %L41 = load float, ptr %Sl, align 4
  store <vscale x 2 x i16> splat (i16 -1), ptr %Sl, align 4
  %E42 = extractelement <vscale x 1 x i16> %ZE, i32 %E23
  %I43 = insertelement <vscale x 16 x i32> splat (i32 -1), i32 %3, i32 %L
  %B44 = sdiv <vscale x 4 x i32> splat (i32 -1), splat (i32 -1)
  %FC45 = sitofp <vscale x 4 x i32> %ZE33 to <vscale x 4 x double>
  %Sl46 = select i1 %E11, i32 %E16, i32 %E23
  %Cmp47 = fcmp une double %L29, 0xD13BBF5A5039F3D8
  br label %CF

CF:                                               ; preds = %CF, %CF75, %CF76
  %L48 = load <vscale x 2 x double>, ptr %PC, align 16
  %E49 = extractelement <vscale x 2 x i16> splat (i16 -1), i32 %Sl46
  %I50 = insertelement <vscale x 16 x i32> %I43, i32 %L, i32 %Sl46
  %B51 = fdiv <vscale x 16 x float> %L35, %L35
  %Tr = trunc <vscale x 16 x i64> %I7 to <vscale x 16 x i1>
  %Sl52 = select i1 true, <vscale x 2 x i1> %Cmp28, <vscale x 2 x i1> splat (i1 true)
  %Cmp53 = icmp ult i16 %E42, %E42
  br i1 %Cmp53, label %CF, label %CF75

CF75:                                             ; preds = %CF
  %L54 = load i8, ptr %Sl, align 1
  store <vscale x 8 x i8> splat (i8 -1), ptr %PC19, align 8
  %E55 = extractelement <vscale x 4 x i32> %B44, i32 %L
  %I56 = insertelement <vscale x 1 x i64> splat (i64 -1), i64 %E6, i32 %L
  %B57 = udiv <vscale x 8 x i8> %I, splat (i8 -1)
  %ZE58 = zext <vscale x 8 x i8> %Sl13 to <vscale x 8 x i32>
  %Sl59 = select i1 %Cmp47, <vscale x 4 x i1> %Cmp, <vscale x 4 x i1> %Cmp
  %Cmp60 = icmp sgt <vscale x 1 x i8> %B38, %B38
  %L61 = load i8, ptr %0, align 1
  store <vscale x 2 x i64> %L22, ptr %Sl, align 16
  %E62 = extractelement <vscale x 4 x i32> splat (i32 -1), i32 %L
  %I63 = insertelement <vscale x 1 x i8> %Sl39, i8 %Sl27, i32 %E23
  %Sl64 = select i1 %E11, i16 %E42, i16 %E42
  %Cmp65 = icmp eq <vscale x 2 x i16> splat (i16 -1), splat (i16 -1)
  %L66 = load i64, ptr %0, align 4
  %E67 = extractelement <vscale x 2 x i1> %Cmp9, i32 %E23
  br i1 %E67, label %CF, label %CF73

CF73:                                             ; preds = %CF75
  %I68 = insertelement <vscale x 16 x i32> %Sl34, i32 %E62, i32 %L
  %B69 = shl <vscale x 16 x i32> %I50, %Sl34
  %ZE70 = fpext <vscale x 16 x float> %B51 to <vscale x 16 x double>
  %Sl71 = select i1 %E11, i32 %E23, i32 %3
  %Cmp72 = icmp uge <vscale x 16 x i64> %I31, splat (i64 -1)
  store <vscale x 8 x i64> undef, ptr %0, align 64
  store i32 %L, ptr %PC19, align 4
  store i64 %L15, ptr %0, align 4
  store float %L41, ptr %A3, align 4
  store i32 %L, ptr %A, align 4
  ret void
}

declare void @__enzyme_autodiff(ptr, ...)

define void @enzyme_stress_caller(ptr %a0, ptr %d0, ptr %a1, ptr %d1, ptr %a2, ptr %d2, i32 %a3, i64 %a4, i8 %a5) {
  call void (ptr, ...) @__enzyme_autodiff(ptr @autogen_SD63015, metadata !"enzyme_dup", ptr %a0, ptr %d0, metadata !"enzyme_dup", ptr %a1, ptr %d1, metadata !"enzyme_dup", ptr %a2, ptr %d2, metadata !"enzyme_const", i32 %a3, metadata !"enzyme_const", i64 %a4, metadata !"enzyme_const", i8 %a5)
  ret void
}
