; ModuleID = '<string>'
source_filename = "/work/main/tests/roundtrip/src/vectorize.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @saxpy(ptr noalias noundef captures(none) %0, ptr noalias noundef readonly captures(none) %1, float noundef %2, i64 noundef %3) local_unnamed_addr #0 {
  %5 = icmp eq i64 %3, 0
  br i1 %5, label %30, label %6

6:                                                ; preds = %4
  %7 = icmp ult i64 %3, 8
  br i1 %7, label %28, label %8

8:                                                ; preds = %6
  %9 = and i64 %3, -8
  %10 = insertelement <4 x float> poison, float %2, i64 0
  %11 = shufflevector <4 x float> %10, <4 x float> poison, <4 x i32> zeroinitializer
  br label %12

12:                                               ; preds = %12, %8
  %13 = phi i64 [ 0, %8 ], [ %24, %12 ]
  %14 = getelementptr inbounds nuw float, ptr %1, i64 %13
  %15 = getelementptr inbounds nuw i8, ptr %14, i64 16
  %16 = load <4 x float>, ptr %14, align 4, !tbaa !9
  %17 = load <4 x float>, ptr %15, align 4, !tbaa !9
  %18 = getelementptr inbounds nuw float, ptr %0, i64 %13
  %19 = getelementptr inbounds nuw i8, ptr %18, i64 16
  %20 = load <4 x float>, ptr %18, align 4, !tbaa !9
  %21 = load <4 x float>, ptr %19, align 4, !tbaa !9
  %22 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %11, <4 x float> %16, <4 x float> %20)
  %23 = tail call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %11, <4 x float> %17, <4 x float> %21)
  store <4 x float> %22, ptr %18, align 4, !tbaa !9
  store <4 x float> %23, ptr %19, align 4, !tbaa !9
  %24 = add nuw i64 %13, 8
  %25 = icmp eq i64 %24, %9
  br i1 %25, label %26, label %12, !llvm.loop !11

26:                                               ; preds = %12
  %27 = icmp eq i64 %3, %9
  br i1 %27, label %30, label %28

28:                                               ; preds = %26, %6
  %29 = phi i64 [ 0, %6 ], [ %9, %26 ]
  br label %31

30:                                               ; preds = %31, %26, %4
  ret void

31:                                               ; preds = %31, %28
  %32 = phi i64 [ %38, %31 ], [ %29, %28 ]
  %33 = getelementptr inbounds nuw float, ptr %1, i64 %32
  %34 = load float, ptr %33, align 4, !tbaa !9
  %35 = getelementptr inbounds nuw float, ptr %0, i64 %32
  %36 = load float, ptr %35, align 4, !tbaa !9
  %37 = tail call float @llvm.fmuladd.f32(float %2, float %34, float %36)
  store float %37, ptr %35, align 4, !tbaa !9
  %38 = add nuw i64 %32, 1
  %39 = icmp eq i64 %38, %3
  br i1 %39, label %30, label %31, !llvm.loop !15
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @daxpy(ptr noalias noundef captures(none) %0, ptr noalias noundef readonly captures(none) %1, double noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %31

6:                                                ; preds = %4
  %7 = zext nneg i32 %3 to i64
  %8 = icmp ult i32 %3, 4
  br i1 %8, label %29, label %9

9:                                                ; preds = %6
  %10 = and i64 %7, 2147483644
  %11 = insertelement <2 x double> poison, double %2, i64 0
  %12 = shufflevector <2 x double> %11, <2 x double> poison, <2 x i32> zeroinitializer
  br label %13

13:                                               ; preds = %13, %9
  %14 = phi i64 [ 0, %9 ], [ %25, %13 ]
  %15 = getelementptr inbounds nuw double, ptr %1, i64 %14
  %16 = getelementptr inbounds nuw i8, ptr %15, i64 16
  %17 = load <2 x double>, ptr %15, align 8, !tbaa !16
  %18 = load <2 x double>, ptr %16, align 8, !tbaa !16
  %19 = getelementptr inbounds nuw double, ptr %0, i64 %14
  %20 = getelementptr inbounds nuw i8, ptr %19, i64 16
  %21 = load <2 x double>, ptr %19, align 8, !tbaa !16
  %22 = load <2 x double>, ptr %20, align 8, !tbaa !16
  %23 = tail call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %12, <2 x double> %17, <2 x double> %21)
  %24 = tail call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %12, <2 x double> %18, <2 x double> %22)
  store <2 x double> %23, ptr %19, align 8, !tbaa !16
  store <2 x double> %24, ptr %20, align 8, !tbaa !16
  %25 = add nuw i64 %14, 4
  %26 = icmp eq i64 %25, %10
  br i1 %26, label %27, label %13, !llvm.loop !18

27:                                               ; preds = %13
  %28 = icmp eq i64 %10, %7
  br i1 %28, label %31, label %29

29:                                               ; preds = %27, %6
  %30 = phi i64 [ 0, %6 ], [ %10, %27 ]
  br label %32

31:                                               ; preds = %32, %27, %4
  ret void

32:                                               ; preds = %32, %29
  %33 = phi i64 [ %39, %32 ], [ %30, %29 ]
  %34 = getelementptr inbounds nuw double, ptr %1, i64 %33
  %35 = load double, ptr %34, align 8, !tbaa !16
  %36 = getelementptr inbounds nuw double, ptr %0, i64 %33
  %37 = load double, ptr %36, align 8, !tbaa !16
  %38 = tail call double @llvm.fmuladd.f64(double %2, double %35, double %37)
  store double %38, ptr %36, align 8, !tbaa !16
  %39 = add nuw nsw i64 %33, 1
  %40 = icmp eq i64 %39, %7
  br i1 %40, label %31, label %32, !llvm.loop !19
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #1

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local float @sum_f(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #2 {
  %3 = icmp sgt i32 %1, 0
  br i1 %3, label %4, label %26

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64
  %6 = and i64 %5, 7
  %7 = icmp ult i32 %1, 8
  br i1 %7, label %12, label %8

8:                                                ; preds = %4
  %9 = and i64 %5, 2147483640
  br label %28

10:                                               ; preds = %28
  %11 = icmp eq i64 %6, 0
  br i1 %11, label %26, label %12

12:                                               ; preds = %10, %4
  %13 = phi i64 [ 0, %4 ], [ %63, %10 ]
  %14 = phi float [ 0.000000e+00, %4 ], [ %62, %10 ]
  %15 = icmp ne i64 %6, 0
  tail call void @llvm.assume(i1 %15)
  br label %16

16:                                               ; preds = %16, %12
  %17 = phi i64 [ %13, %12 ], [ %23, %16 ]
  %18 = phi float [ %14, %12 ], [ %22, %16 ]
  %19 = phi i64 [ 0, %12 ], [ %24, %16 ]
  %20 = getelementptr inbounds nuw float, ptr %0, i64 %17
  %21 = load float, ptr %20, align 4, !tbaa !9
  %22 = fadd float %18, %21
  %23 = add nuw nsw i64 %17, 1
  %24 = add i64 %19, 1
  %25 = icmp eq i64 %24, %6
  br i1 %25, label %26, label %16, !llvm.loop !20

26:                                               ; preds = %16, %10, %2
  %27 = phi float [ 0.000000e+00, %2 ], [ %62, %10 ], [ %22, %16 ]
  ret float %27

28:                                               ; preds = %28, %8
  %29 = phi i64 [ 0, %8 ], [ %63, %28 ]
  %30 = phi float [ 0.000000e+00, %8 ], [ %62, %28 ]
  %31 = phi i64 [ 0, %8 ], [ %64, %28 ]
  %32 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %33 = load float, ptr %32, align 4, !tbaa !9
  %34 = fadd float %30, %33
  %35 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %36 = getelementptr inbounds nuw i8, ptr %35, i64 4
  %37 = load float, ptr %36, align 4, !tbaa !9
  %38 = fadd float %34, %37
  %39 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %40 = getelementptr inbounds nuw i8, ptr %39, i64 8
  %41 = load float, ptr %40, align 4, !tbaa !9
  %42 = fadd float %38, %41
  %43 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %44 = getelementptr inbounds nuw i8, ptr %43, i64 12
  %45 = load float, ptr %44, align 4, !tbaa !9
  %46 = fadd float %42, %45
  %47 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %48 = getelementptr inbounds nuw i8, ptr %47, i64 16
  %49 = load float, ptr %48, align 4, !tbaa !9
  %50 = fadd float %46, %49
  %51 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %52 = getelementptr inbounds nuw i8, ptr %51, i64 20
  %53 = load float, ptr %52, align 4, !tbaa !9
  %54 = fadd float %50, %53
  %55 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %56 = getelementptr inbounds nuw i8, ptr %55, i64 24
  %57 = load float, ptr %56, align 4, !tbaa !9
  %58 = fadd float %54, %57
  %59 = getelementptr inbounds nuw float, ptr %0, i64 %29
  %60 = getelementptr inbounds nuw i8, ptr %59, i64 28
  %61 = load float, ptr %60, align 4, !tbaa !9
  %62 = fadd float %58, %61
  %63 = add nuw nsw i64 %29, 8
  %64 = add i64 %31, 8
  %65 = icmp eq i64 %64, %9
  br i1 %65, label %10, label %28, !llvm.loop !22
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local double @dot(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, i64 noundef %2) local_unnamed_addr #2 {
  %4 = icmp eq i64 %2, 0
  br i1 %4, label %28, label %5

5:                                                ; preds = %3
  %6 = and i64 %2, 3
  %7 = icmp ult i64 %2, 4
  br i1 %7, label %12, label %8

8:                                                ; preds = %5
  %9 = and i64 %2, -4
  br label %30

10:                                               ; preds = %30
  %11 = icmp eq i64 %6, 0
  br i1 %11, label %28, label %12

12:                                               ; preds = %10, %5
  %13 = phi i64 [ 0, %5 ], [ %57, %10 ]
  %14 = phi double [ 0.000000e+00, %5 ], [ %56, %10 ]
  %15 = icmp ne i64 %6, 0
  tail call void @llvm.assume(i1 %15)
  br label %16

16:                                               ; preds = %16, %12
  %17 = phi i64 [ %25, %16 ], [ %13, %12 ]
  %18 = phi double [ %24, %16 ], [ %14, %12 ]
  %19 = phi i64 [ %26, %16 ], [ 0, %12 ]
  %20 = getelementptr inbounds nuw double, ptr %0, i64 %17
  %21 = load double, ptr %20, align 8, !tbaa !16
  %22 = getelementptr inbounds nuw double, ptr %1, i64 %17
  %23 = load double, ptr %22, align 8, !tbaa !16
  %24 = tail call double @llvm.fmuladd.f64(double %21, double %23, double %18)
  %25 = add nuw i64 %17, 1
  %26 = add i64 %19, 1
  %27 = icmp eq i64 %26, %6
  br i1 %27, label %28, label %16, !llvm.loop !23

28:                                               ; preds = %16, %10, %3
  %29 = phi double [ 0.000000e+00, %3 ], [ %56, %10 ], [ %24, %16 ]
  ret double %29

30:                                               ; preds = %30, %8
  %31 = phi i64 [ 0, %8 ], [ %57, %30 ]
  %32 = phi double [ 0.000000e+00, %8 ], [ %56, %30 ]
  %33 = phi i64 [ 0, %8 ], [ %58, %30 ]
  %34 = getelementptr inbounds nuw double, ptr %0, i64 %31
  %35 = load double, ptr %34, align 8, !tbaa !16
  %36 = getelementptr inbounds nuw double, ptr %1, i64 %31
  %37 = load double, ptr %36, align 8, !tbaa !16
  %38 = tail call double @llvm.fmuladd.f64(double %35, double %37, double %32)
  %39 = or disjoint i64 %31, 1
  %40 = getelementptr inbounds nuw double, ptr %0, i64 %39
  %41 = load double, ptr %40, align 8, !tbaa !16
  %42 = getelementptr inbounds nuw double, ptr %1, i64 %39
  %43 = load double, ptr %42, align 8, !tbaa !16
  %44 = tail call double @llvm.fmuladd.f64(double %41, double %43, double %38)
  %45 = or disjoint i64 %31, 2
  %46 = getelementptr inbounds nuw double, ptr %0, i64 %45
  %47 = load double, ptr %46, align 8, !tbaa !16
  %48 = getelementptr inbounds nuw double, ptr %1, i64 %45
  %49 = load double, ptr %48, align 8, !tbaa !16
  %50 = tail call double @llvm.fmuladd.f64(double %47, double %49, double %44)
  %51 = or disjoint i64 %31, 3
  %52 = getelementptr inbounds nuw double, ptr %0, i64 %51
  %53 = load double, ptr %52, align 8, !tbaa !16
  %54 = getelementptr inbounds nuw double, ptr %1, i64 %51
  %55 = load double, ptr %54, align 8, !tbaa !16
  %56 = tail call double @llvm.fmuladd.f64(double %53, double %55, double %50)
  %57 = add nuw i64 %31, 4
  %58 = add i64 %33, 4
  %59 = icmp eq i64 %58, %9
  br i1 %59, label %10, label %30, !llvm.loop !24
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @sum_i(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #2 {
  %3 = icmp sgt i32 %1, 0
  br i1 %3, label %4, label %28

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64
  %6 = icmp ult i32 %1, 8
  br i1 %6, label %25, label %7

7:                                                ; preds = %4
  %8 = and i64 %5, 2147483640
  br label %9

9:                                                ; preds = %9, %7
  %10 = phi i64 [ 0, %7 ], [ %19, %9 ]
  %11 = phi <4 x i32> [ zeroinitializer, %7 ], [ %17, %9 ]
  %12 = phi <4 x i32> [ zeroinitializer, %7 ], [ %18, %9 ]
  %13 = getelementptr inbounds nuw i32, ptr %0, i64 %10
  %14 = getelementptr inbounds nuw i8, ptr %13, i64 16
  %15 = load <4 x i32>, ptr %13, align 4, !tbaa !5
  %16 = load <4 x i32>, ptr %14, align 4, !tbaa !5
  %17 = add <4 x i32> %15, %11
  %18 = add <4 x i32> %16, %12
  %19 = add nuw i64 %10, 8
  %20 = icmp eq i64 %19, %8
  br i1 %20, label %21, label %9, !llvm.loop !25

21:                                               ; preds = %9
  %22 = add <4 x i32> %18, %17
  %23 = tail call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %22)
  %24 = icmp eq i64 %8, %5
  br i1 %24, label %28, label %25

25:                                               ; preds = %21, %4
  %26 = phi i64 [ 0, %4 ], [ %8, %21 ]
  %27 = phi i32 [ 0, %4 ], [ %23, %21 ]
  br label %30

28:                                               ; preds = %30, %21, %2
  %29 = phi i32 [ 0, %2 ], [ %23, %21 ], [ %35, %30 ]
  ret i32 %29

30:                                               ; preds = %30, %25
  %31 = phi i64 [ %36, %30 ], [ %26, %25 ]
  %32 = phi i32 [ %35, %30 ], [ %27, %25 ]
  %33 = getelementptr inbounds nuw i32, ptr %0, i64 %31
  %34 = load i32, ptr %33, align 4, !tbaa !5
  %35 = add nsw i32 %34, %32
  %36 = add nuw nsw i64 %31, 1
  %37 = icmp eq i64 %36, %5
  br i1 %37, label %28, label %30, !llvm.loop !26
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i32 @max_i(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #2 {
  %3 = load i32, ptr %0, align 4, !tbaa !5
  %4 = icmp sgt i32 %1, 1
  br i1 %4, label %5, label %34

5:                                                ; preds = %2
  %6 = zext nneg i32 %1 to i64
  %7 = add nsw i64 %6, -1
  %8 = icmp ult i32 %1, 9
  br i1 %8, label %31, label %9

9:                                                ; preds = %5
  %10 = and i64 %7, -8
  %11 = or disjoint i64 %10, 1
  %12 = insertelement <4 x i32> poison, i32 %3, i64 0
  %13 = shufflevector <4 x i32> %12, <4 x i32> poison, <4 x i32> zeroinitializer
  br label %14

14:                                               ; preds = %14, %9
  %15 = phi i64 [ 0, %9 ], [ %25, %14 ]
  %16 = phi <4 x i32> [ %13, %9 ], [ %23, %14 ]
  %17 = phi <4 x i32> [ %13, %9 ], [ %24, %14 ]
  %18 = getelementptr inbounds nuw i32, ptr %0, i64 %15
  %19 = getelementptr inbounds nuw i8, ptr %18, i64 4
  %20 = getelementptr inbounds nuw i8, ptr %18, i64 20
  %21 = load <4 x i32>, ptr %19, align 4, !tbaa !5
  %22 = load <4 x i32>, ptr %20, align 4, !tbaa !5
  %23 = tail call <4 x i32> @llvm.smax.v4i32(<4 x i32> %21, <4 x i32> %16)
  %24 = tail call <4 x i32> @llvm.smax.v4i32(<4 x i32> %22, <4 x i32> %17)
  %25 = add nuw i64 %15, 8
  %26 = icmp eq i64 %25, %10
  br i1 %26, label %27, label %14, !llvm.loop !27

27:                                               ; preds = %14
  %28 = tail call <4 x i32> @llvm.smax.v4i32(<4 x i32> %23, <4 x i32> %24)
  %29 = tail call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %28)
  %30 = icmp eq i64 %7, %10
  br i1 %30, label %34, label %31

31:                                               ; preds = %27, %5
  %32 = phi i64 [ 1, %5 ], [ %11, %27 ]
  %33 = phi i32 [ %3, %5 ], [ %29, %27 ]
  br label %36

34:                                               ; preds = %36, %27, %2
  %35 = phi i32 [ %3, %2 ], [ %29, %27 ], [ %41, %36 ]
  ret i32 %35

36:                                               ; preds = %36, %31
  %37 = phi i64 [ %42, %36 ], [ %32, %31 ]
  %38 = phi i32 [ %41, %36 ], [ %33, %31 ]
  %39 = getelementptr inbounds nuw i32, ptr %0, i64 %37
  %40 = load i32, ptr %39, align 4, !tbaa !5
  %41 = tail call i32 @llvm.smax.i32(i32 %40, i32 %38)
  %42 = add nuw nsw i64 %37, 1
  %43 = icmp eq i64 %42, %6
  br i1 %43, label %34, label %36, !llvm.loop !28
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @negate_all(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %26

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  %7 = icmp ult i32 %2, 4
  br i1 %7, label %24, label %8

8:                                                ; preds = %5
  %9 = and i64 %6, 2147483644
  br label %10

10:                                               ; preds = %10, %8
  %11 = phi i64 [ 0, %8 ], [ %20, %10 ]
  %12 = getelementptr inbounds nuw double, ptr %1, i64 %11
  %13 = getelementptr inbounds nuw i8, ptr %12, i64 16
  %14 = load <2 x double>, ptr %12, align 8, !tbaa !16
  %15 = load <2 x double>, ptr %13, align 8, !tbaa !16
  %16 = fneg <2 x double> %14
  %17 = fneg <2 x double> %15
  %18 = getelementptr inbounds nuw double, ptr %0, i64 %11
  %19 = getelementptr inbounds nuw i8, ptr %18, i64 16
  store <2 x double> %16, ptr %18, align 8, !tbaa !16
  store <2 x double> %17, ptr %19, align 8, !tbaa !16
  %20 = add nuw i64 %11, 4
  %21 = icmp eq i64 %20, %9
  br i1 %21, label %22, label %10, !llvm.loop !29

22:                                               ; preds = %10
  %23 = icmp eq i64 %9, %6
  br i1 %23, label %26, label %24

24:                                               ; preds = %22, %5
  %25 = phi i64 [ 0, %5 ], [ %9, %22 ]
  br label %27

26:                                               ; preds = %27, %22, %3
  ret void

27:                                               ; preds = %27, %24
  %28 = phi i64 [ %33, %27 ], [ %25, %24 ]
  %29 = getelementptr inbounds nuw double, ptr %1, i64 %28
  %30 = load double, ptr %29, align 8, !tbaa !16
  %31 = fneg double %30
  %32 = getelementptr inbounds nuw double, ptr %0, i64 %28
  store double %31, ptr %32, align 8, !tbaa !16
  %33 = add nuw nsw i64 %28, 1
  %34 = icmp eq i64 %33, %6
  br i1 %34, label %26, label %27, !llvm.loop !30
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @relu(ptr noundef captures(none) %0, i32 noundef %1) local_unnamed_addr #0 {
  %3 = icmp sgt i32 %1, 0
  br i1 %3, label %4, label %25

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64
  %6 = icmp ult i32 %1, 8
  br i1 %6, label %23, label %7

7:                                                ; preds = %4
  %8 = and i64 %5, 2147483640
  br label %9

9:                                                ; preds = %9, %7
  %10 = phi i64 [ 0, %7 ], [ %19, %9 ]
  %11 = getelementptr inbounds nuw float, ptr %0, i64 %10
  %12 = getelementptr inbounds nuw i8, ptr %11, i64 16
  %13 = load <4 x float>, ptr %11, align 4, !tbaa !9
  %14 = load <4 x float>, ptr %12, align 4, !tbaa !9
  %15 = fcmp ogt <4 x float> %13, zeroinitializer
  %16 = fcmp ogt <4 x float> %14, zeroinitializer
  %17 = select <4 x i1> %15, <4 x float> %13, <4 x float> zeroinitializer
  %18 = select <4 x i1> %16, <4 x float> %14, <4 x float> zeroinitializer
  store <4 x float> %17, ptr %11, align 4, !tbaa !9
  store <4 x float> %18, ptr %12, align 4, !tbaa !9
  %19 = add nuw i64 %10, 8
  %20 = icmp eq i64 %19, %8
  br i1 %20, label %21, label %9, !llvm.loop !31

21:                                               ; preds = %9
  %22 = icmp eq i64 %8, %5
  br i1 %22, label %25, label %23

23:                                               ; preds = %21, %4
  %24 = phi i64 [ 0, %4 ], [ %8, %21 ]
  br label %26

25:                                               ; preds = %26, %21, %2
  ret void

26:                                               ; preds = %26, %23
  %27 = phi i64 [ %32, %26 ], [ %24, %23 ]
  %28 = getelementptr inbounds nuw float, ptr %0, i64 %27
  %29 = load float, ptr %28, align 4, !tbaa !9
  %30 = fcmp ogt float %29, 0.000000e+00
  %31 = select i1 %30, float %29, float 0.000000e+00
  store float %31, ptr %28, align 4, !tbaa !9
  %32 = add nuw nsw i64 %27, 1
  %33 = icmp eq i64 %32, %5
  br i1 %33, label %25, label %26, !llvm.loop !32
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @scale_conv(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, double noundef %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %31

6:                                                ; preds = %4
  %7 = zext nneg i32 %3 to i64
  %8 = icmp ult i32 %3, 4
  br i1 %8, label %29, label %9

9:                                                ; preds = %6
  %10 = and i64 %7, 2147483644
  %11 = insertelement <2 x double> poison, double %2, i64 0
  %12 = shufflevector <2 x double> %11, <2 x double> poison, <2 x i32> zeroinitializer
  br label %13

13:                                               ; preds = %13, %9
  %14 = phi i64 [ 0, %9 ], [ %25, %13 ]
  %15 = getelementptr inbounds nuw float, ptr %1, i64 %14
  %16 = getelementptr inbounds nuw i8, ptr %15, i64 8
  %17 = load <2 x float>, ptr %15, align 4, !tbaa !9
  %18 = load <2 x float>, ptr %16, align 4, !tbaa !9
  %19 = fpext <2 x float> %17 to <2 x double>
  %20 = fpext <2 x float> %18 to <2 x double>
  %21 = fmul <2 x double> %12, %19
  %22 = fmul <2 x double> %12, %20
  %23 = getelementptr inbounds nuw double, ptr %0, i64 %14
  %24 = getelementptr inbounds nuw i8, ptr %23, i64 16
  store <2 x double> %21, ptr %23, align 8, !tbaa !16
  store <2 x double> %22, ptr %24, align 8, !tbaa !16
  %25 = add nuw i64 %14, 4
  %26 = icmp eq i64 %25, %10
  br i1 %26, label %27, label %13, !llvm.loop !33

27:                                               ; preds = %13
  %28 = icmp eq i64 %10, %7
  br i1 %28, label %31, label %29

29:                                               ; preds = %27, %6
  %30 = phi i64 [ 0, %6 ], [ %10, %27 ]
  br label %32

31:                                               ; preds = %32, %27, %4
  ret void

32:                                               ; preds = %32, %29
  %33 = phi i64 [ %39, %32 ], [ %30, %29 ]
  %34 = getelementptr inbounds nuw float, ptr %1, i64 %33
  %35 = load float, ptr %34, align 4, !tbaa !9
  %36 = fpext float %35 to double
  %37 = fmul double %2, %36
  %38 = getelementptr inbounds nuw double, ptr %0, i64 %33
  store double %37, ptr %38, align 8, !tbaa !16
  %39 = add nuw nsw i64 %33, 1
  %40 = icmp eq i64 %39, %7
  br i1 %40, label %31, label %32, !llvm.loop !34
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @int_to_float(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 0
  br i1 %4, label %5, label %28

5:                                                ; preds = %3
  %6 = zext nneg i32 %2 to i64
  %7 = icmp ult i32 %2, 8
  br i1 %7, label %26, label %8

8:                                                ; preds = %5
  %9 = and i64 %6, 2147483640
  br label %10

10:                                               ; preds = %10, %8
  %11 = phi i64 [ 0, %8 ], [ %22, %10 ]
  %12 = getelementptr inbounds nuw i16, ptr %1, i64 %11
  %13 = getelementptr inbounds nuw i8, ptr %12, i64 8
  %14 = load <4 x i16>, ptr %12, align 2, !tbaa !35
  %15 = load <4 x i16>, ptr %13, align 2, !tbaa !35
  %16 = sitofp <4 x i16> %14 to <4 x float>
  %17 = sitofp <4 x i16> %15 to <4 x float>
  %18 = fadd <4 x float> %16, splat (float 5.000000e-01)
  %19 = fadd <4 x float> %17, splat (float 5.000000e-01)
  %20 = getelementptr inbounds nuw float, ptr %0, i64 %11
  %21 = getelementptr inbounds nuw i8, ptr %20, i64 16
  store <4 x float> %18, ptr %20, align 4, !tbaa !9
  store <4 x float> %19, ptr %21, align 4, !tbaa !9
  %22 = add nuw i64 %11, 8
  %23 = icmp eq i64 %22, %9
  br i1 %23, label %24, label %10, !llvm.loop !37

24:                                               ; preds = %10
  %25 = icmp eq i64 %9, %6
  br i1 %25, label %28, label %26

26:                                               ; preds = %24, %5
  %27 = phi i64 [ 0, %5 ], [ %9, %24 ]
  br label %29

28:                                               ; preds = %29, %24, %3
  ret void

29:                                               ; preds = %29, %26
  %30 = phi i64 [ %36, %29 ], [ %27, %26 ]
  %31 = getelementptr inbounds nuw i16, ptr %1, i64 %30
  %32 = load i16, ptr %31, align 2, !tbaa !35
  %33 = sitofp i16 %32 to float
  %34 = fadd float %33, 5.000000e-01
  %35 = getelementptr inbounds nuw float, ptr %0, i64 %30
  store float %34, ptr %35, align 4, !tbaa !9
  %36 = add nuw nsw i64 %30, 1
  %37 = icmp eq i64 %36, %6
  br i1 %37, label %28, label %29, !llvm.loop !38
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @stencil(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, i32 noundef %2) local_unnamed_addr #0 {
  %4 = icmp sgt i32 %2, 2
  br i1 %4, label %5, label %48

5:                                                ; preds = %3
  %6 = add nsw i32 %2, -1
  %7 = zext nneg i32 %6 to i64
  %8 = getelementptr i8, ptr %1, i64 8
  %9 = load double, ptr %8, align 8, !tbaa !16
  %10 = add nsw i64 %7, -1
  %11 = icmp ult i64 %10, 4
  br i1 %11, label %45, label %12

12:                                               ; preds = %5
  %13 = and i64 %10, -4
  %14 = or disjoint i64 %13, 1
  %15 = insertelement <2 x double> poison, double %9, i64 1
  br label %16

16:                                               ; preds = %16, %12
  %17 = phi i64 [ 0, %12 ], [ %40, %16 ]
  %18 = phi <2 x double> [ %15, %12 ], [ %29, %16 ]
  %19 = or disjoint i64 %17, 1
  %20 = getelementptr double, ptr %1, i64 %19
  %21 = getelementptr i8, ptr %20, i64 -8
  %22 = getelementptr i8, ptr %20, i64 8
  %23 = load <2 x double>, ptr %21, align 8, !tbaa !16
  %24 = load <2 x double>, ptr %22, align 8, !tbaa !16
  %25 = getelementptr inbounds nuw double, ptr %1, i64 %17
  %26 = getelementptr inbounds nuw i8, ptr %25, i64 16
  %27 = getelementptr inbounds nuw i8, ptr %25, i64 32
  %28 = load <2 x double>, ptr %26, align 8, !tbaa !16
  %29 = load <2 x double>, ptr %27, align 8, !tbaa !16
  %30 = shufflevector <2 x double> %18, <2 x double> %28, <2 x i32> <i32 1, i32 2>
  %31 = shufflevector <2 x double> %28, <2 x double> %29, <2 x i32> <i32 1, i32 2>
  %32 = fmul <2 x double> %30, splat (double 5.000000e-01)
  %33 = fmul <2 x double> %31, splat (double 5.000000e-01)
  %34 = tail call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %23, <2 x double> splat (double 2.500000e-01), <2 x double> %32)
  %35 = tail call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %24, <2 x double> splat (double 2.500000e-01), <2 x double> %33)
  %36 = tail call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %28, <2 x double> splat (double 2.500000e-01), <2 x double> %34)
  %37 = tail call <2 x double> @llvm.fmuladd.v2f64(<2 x double> %29, <2 x double> splat (double 2.500000e-01), <2 x double> %35)
  %38 = getelementptr inbounds nuw double, ptr %0, i64 %19
  %39 = getelementptr inbounds nuw i8, ptr %38, i64 16
  store <2 x double> %36, ptr %38, align 8, !tbaa !16
  store <2 x double> %37, ptr %39, align 8, !tbaa !16
  %40 = add nuw i64 %17, 4
  %41 = icmp eq i64 %40, %13
  br i1 %41, label %42, label %16, !llvm.loop !39

42:                                               ; preds = %16
  %43 = extractelement <2 x double> %29, i64 1
  %44 = icmp eq i64 %10, %13
  br i1 %44, label %48, label %45

45:                                               ; preds = %42, %5
  %46 = phi double [ %9, %5 ], [ %43, %42 ]
  %47 = phi i64 [ 1, %5 ], [ %14, %42 ]
  br label %49

48:                                               ; preds = %49, %42, %3
  ret void

49:                                               ; preds = %49, %45
  %50 = phi double [ %59, %49 ], [ %46, %45 ]
  %51 = phi i64 [ %57, %49 ], [ %47, %45 ]
  %52 = getelementptr double, ptr %1, i64 %51
  %53 = getelementptr i8, ptr %52, i64 -8
  %54 = load double, ptr %53, align 8, !tbaa !16
  %55 = fmul double %50, 5.000000e-01
  %56 = tail call double @llvm.fmuladd.f64(double %54, double 2.500000e-01, double %55)
  %57 = add nuw nsw i64 %51, 1
  %58 = getelementptr inbounds nuw double, ptr %1, i64 %57
  %59 = load double, ptr %58, align 8, !tbaa !16
  %60 = tail call double @llvm.fmuladd.f64(double %59, double 2.500000e-01, double %56)
  %61 = getelementptr inbounds nuw double, ptr %0, i64 %51
  store double %60, ptr %61, align 8, !tbaa !16
  %62 = icmp eq i64 %57, %7
  br i1 %62, label %48, label %49, !llvm.loop !40
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local zeroext i8 @clamp_u8_sum(ptr noundef readonly captures(none) %0, ptr noundef readonly captures(none) %1, ptr noalias noundef writeonly captures(none) %2, i32 noundef %3) local_unnamed_addr #0 {
  %5 = icmp sgt i32 %3, 0
  br i1 %5, label %6, label %62

6:                                                ; preds = %4
  %7 = zext nneg i32 %3 to i64
  %8 = icmp ult i32 %3, 4
  br i1 %8, label %59, label %9

9:                                                ; preds = %6
  %10 = icmp ult i32 %3, 16
  br i1 %10, label %35, label %11

11:                                               ; preds = %9
  %12 = and i64 %7, 12
  %13 = and i64 %7, 2147483632
  br label %14

14:                                               ; preds = %14, %11
  %15 = phi i64 [ 0, %11 ], [ %28, %14 ]
  %16 = phi <16 x i8> [ zeroinitializer, %11 ], [ %27, %14 ]
  %17 = getelementptr inbounds nuw i8, ptr %0, i64 %15
  %18 = load <16 x i8>, ptr %17, align 1, !tbaa !41
  %19 = zext <16 x i8> %18 to <16 x i32>
  %20 = getelementptr inbounds nuw i8, ptr %1, i64 %15
  %21 = load <16 x i8>, ptr %20, align 1, !tbaa !41
  %22 = zext <16 x i8> %21 to <16 x i32>
  %23 = add nuw nsw <16 x i32> %22, %19
  %24 = tail call <16 x i32> @llvm.umin.v16i32(<16 x i32> %23, <16 x i32> splat (i32 255))
  %25 = trunc nuw <16 x i32> %24 to <16 x i8>
  %26 = getelementptr inbounds nuw i8, ptr %2, i64 %15
  store <16 x i8> %25, ptr %26, align 1, !tbaa !41
  %27 = or <16 x i8> %16, %25
  %28 = add nuw i64 %15, 16
  %29 = icmp eq i64 %28, %13
  br i1 %29, label %30, label %14, !llvm.loop !42

30:                                               ; preds = %14
  %31 = tail call i8 @llvm.vector.reduce.or.v16i8(<16 x i8> %27)
  %32 = icmp eq i64 %13, %7
  br i1 %32, label %62, label %33

33:                                               ; preds = %30
  %34 = icmp eq i64 %12, 0
  br i1 %34, label %59, label %35, !prof !43

35:                                               ; preds = %33, %9
  %36 = phi i64 [ %13, %33 ], [ 0, %9 ]
  %37 = phi i8 [ %31, %33 ], [ 0, %9 ]
  %38 = and i64 %7, 2147483644
  %39 = insertelement <4 x i8> <i8 poison, i8 0, i8 0, i8 0>, i8 %37, i64 0
  br label %40

40:                                               ; preds = %40, %35
  %41 = phi i64 [ %36, %35 ], [ %54, %40 ]
  %42 = phi <4 x i8> [ %39, %35 ], [ %53, %40 ]
  %43 = getelementptr inbounds nuw i8, ptr %0, i64 %41
  %44 = load <4 x i8>, ptr %43, align 1, !tbaa !41
  %45 = zext <4 x i8> %44 to <4 x i32>
  %46 = getelementptr inbounds nuw i8, ptr %1, i64 %41
  %47 = load <4 x i8>, ptr %46, align 1, !tbaa !41
  %48 = zext <4 x i8> %47 to <4 x i32>
  %49 = add nuw nsw <4 x i32> %48, %45
  %50 = tail call <4 x i32> @llvm.umin.v4i32(<4 x i32> %49, <4 x i32> splat (i32 255))
  %51 = trunc nuw <4 x i32> %50 to <4 x i8>
  %52 = getelementptr inbounds nuw i8, ptr %2, i64 %41
  store <4 x i8> %51, ptr %52, align 1, !tbaa !41
  %53 = or <4 x i8> %42, %51
  %54 = add nuw i64 %41, 4
  %55 = icmp eq i64 %54, %38
  br i1 %55, label %56, label %40, !llvm.loop !44

56:                                               ; preds = %40
  %57 = tail call i8 @llvm.vector.reduce.or.v4i8(<4 x i8> %53)
  %58 = icmp eq i64 %38, %7
  br i1 %58, label %62, label %59

59:                                               ; preds = %56, %33, %6
  %60 = phi i64 [ 0, %6 ], [ %13, %33 ], [ %38, %56 ]
  %61 = phi i8 [ 0, %6 ], [ %31, %33 ], [ %57, %56 ]
  br label %64

62:                                               ; preds = %64, %56, %30, %4
  %63 = phi i8 [ 0, %4 ], [ %57, %56 ], [ %31, %30 ], [ %77, %64 ]
  ret i8 %63

64:                                               ; preds = %64, %59
  %65 = phi i64 [ %78, %64 ], [ %60, %59 ]
  %66 = phi i8 [ %77, %64 ], [ %61, %59 ]
  %67 = getelementptr inbounds nuw i8, ptr %0, i64 %65
  %68 = load i8, ptr %67, align 1, !tbaa !41
  %69 = zext i8 %68 to i32
  %70 = getelementptr inbounds nuw i8, ptr %1, i64 %65
  %71 = load i8, ptr %70, align 1, !tbaa !41
  %72 = zext i8 %71 to i32
  %73 = add nuw nsw i32 %72, %69
  %74 = tail call i32 @llvm.umin.i32(i32 %73, i32 255)
  %75 = trunc nuw i32 %74 to i8
  %76 = getelementptr inbounds nuw i8, ptr %2, i64 %65
  store i8 %75, ptr %76, align 1, !tbaa !41
  %77 = or i8 %66, %75
  %78 = add nuw nsw i64 %65, 1
  %79 = icmp eq i64 %78, %7
  br i1 %79, label %62, label %64, !llvm.loop !45
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @matvec(ptr noalias noundef writeonly captures(none) %0, ptr noalias noundef readonly captures(none) %1, ptr noalias noundef readonly captures(none) %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = icmp sgt i32 %3, 0
  br i1 %6, label %7, label %75

7:                                                ; preds = %5
  %8 = icmp sgt i32 %4, 0
  br i1 %8, label %12, label %9

9:                                                ; preds = %7
  %10 = zext nneg i32 %3 to i64
  %11 = shl nuw nsw i64 %10, 3
  tail call void @llvm.memset.p0.i64(ptr align 8 %0, i8 0, i64 %11, i1 false), !tbaa !16
  br label %75

12:                                               ; preds = %7
  %13 = zext nneg i32 %4 to i64
  %14 = zext nneg i32 %3 to i64
  %15 = and i64 %13, 3
  %16 = icmp ult i32 %4, 4
  %17 = and i64 %13, 2147483644
  %18 = icmp eq i64 %15, 0
  %19 = icmp ne i64 %15, 0
  br label %20

20:                                               ; preds = %70, %12
  %21 = phi i64 [ 0, %12 ], [ %73, %70 ]
  %22 = mul nuw nsw i64 %21, %13
  %23 = getelementptr inbounds nuw double, ptr %1, i64 %22
  br i1 %16, label %55, label %24

24:                                               ; preds = %24, %20
  %25 = phi i64 [ %51, %24 ], [ 0, %20 ]
  %26 = phi double [ %50, %24 ], [ 0.000000e+00, %20 ]
  %27 = phi i64 [ %52, %24 ], [ 0, %20 ]
  %28 = getelementptr inbounds nuw double, ptr %23, i64 %25
  %29 = load double, ptr %28, align 8, !tbaa !16
  %30 = getelementptr inbounds nuw double, ptr %2, i64 %25
  %31 = load double, ptr %30, align 8, !tbaa !16
  %32 = tail call double @llvm.fmuladd.f64(double %29, double %31, double %26)
  %33 = or disjoint i64 %25, 1
  %34 = getelementptr inbounds nuw double, ptr %23, i64 %33
  %35 = load double, ptr %34, align 8, !tbaa !16
  %36 = getelementptr inbounds nuw double, ptr %2, i64 %33
  %37 = load double, ptr %36, align 8, !tbaa !16
  %38 = tail call double @llvm.fmuladd.f64(double %35, double %37, double %32)
  %39 = or disjoint i64 %25, 2
  %40 = getelementptr inbounds nuw double, ptr %23, i64 %39
  %41 = load double, ptr %40, align 8, !tbaa !16
  %42 = getelementptr inbounds nuw double, ptr %2, i64 %39
  %43 = load double, ptr %42, align 8, !tbaa !16
  %44 = tail call double @llvm.fmuladd.f64(double %41, double %43, double %38)
  %45 = or disjoint i64 %25, 3
  %46 = getelementptr inbounds nuw double, ptr %23, i64 %45
  %47 = load double, ptr %46, align 8, !tbaa !16
  %48 = getelementptr inbounds nuw double, ptr %2, i64 %45
  %49 = load double, ptr %48, align 8, !tbaa !16
  %50 = tail call double @llvm.fmuladd.f64(double %47, double %49, double %44)
  %51 = add nuw nsw i64 %25, 4
  %52 = add i64 %27, 4
  %53 = icmp eq i64 %52, %17
  br i1 %53, label %54, label %24, !llvm.loop !46

54:                                               ; preds = %24
  br i1 %18, label %70, label %55

55:                                               ; preds = %54, %20
  %56 = phi i64 [ 0, %20 ], [ %51, %54 ]
  %57 = phi double [ 0.000000e+00, %20 ], [ %50, %54 ]
  tail call void @llvm.assume(i1 %19)
  br label %58

58:                                               ; preds = %58, %55
  %59 = phi i64 [ %56, %55 ], [ %67, %58 ]
  %60 = phi double [ %57, %55 ], [ %66, %58 ]
  %61 = phi i64 [ 0, %55 ], [ %68, %58 ]
  %62 = getelementptr inbounds nuw double, ptr %23, i64 %59
  %63 = load double, ptr %62, align 8, !tbaa !16
  %64 = getelementptr inbounds nuw double, ptr %2, i64 %59
  %65 = load double, ptr %64, align 8, !tbaa !16
  %66 = tail call double @llvm.fmuladd.f64(double %63, double %65, double %60)
  %67 = add nuw nsw i64 %59, 1
  %68 = add i64 %61, 1
  %69 = icmp eq i64 %68, %15
  br i1 %69, label %70, label %58, !llvm.loop !47

70:                                               ; preds = %58, %54
  %71 = phi double [ %50, %54 ], [ %66, %58 ]
  %72 = getelementptr inbounds nuw double, ptr %0, i64 %21
  store double %71, ptr %72, align 8, !tbaa !16
  %73 = add nuw nsw i64 %21, 1
  %74 = icmp eq i64 %73, %14
  br i1 %74, label %75, label %20, !llvm.loop !48

75:                                               ; preds = %70, %9, %5
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @count_positive(ptr noundef readonly captures(none) %0, i64 noundef %1) local_unnamed_addr #2 {
  %3 = icmp sgt i64 %1, 0
  br i1 %3, label %4, label %31

4:                                                ; preds = %2
  %5 = icmp ult i64 %1, 4
  br i1 %5, label %28, label %6

6:                                                ; preds = %4
  %7 = and i64 %1, 9223372036854775804
  br label %8

8:                                                ; preds = %8, %6
  %9 = phi i64 [ 0, %6 ], [ %22, %8 ]
  %10 = phi <2 x i64> [ zeroinitializer, %6 ], [ %20, %8 ]
  %11 = phi <2 x i64> [ zeroinitializer, %6 ], [ %21, %8 ]
  %12 = getelementptr inbounds nuw double, ptr %0, i64 %9
  %13 = getelementptr inbounds nuw i8, ptr %12, i64 16
  %14 = load <2 x double>, ptr %12, align 8, !tbaa !16
  %15 = load <2 x double>, ptr %13, align 8, !tbaa !16
  %16 = fcmp ogt <2 x double> %14, zeroinitializer
  %17 = fcmp ogt <2 x double> %15, zeroinitializer
  %18 = zext <2 x i1> %16 to <2 x i64>
  %19 = zext <2 x i1> %17 to <2 x i64>
  %20 = add <2 x i64> %10, %18
  %21 = add <2 x i64> %11, %19
  %22 = add nuw i64 %9, 4
  %23 = icmp eq i64 %22, %7
  br i1 %23, label %24, label %8, !llvm.loop !49

24:                                               ; preds = %8
  %25 = add <2 x i64> %21, %20
  %26 = tail call i64 @llvm.vector.reduce.add.v2i64(<2 x i64> %25)
  %27 = icmp eq i64 %1, %7
  br i1 %27, label %31, label %28

28:                                               ; preds = %24, %4
  %29 = phi i64 [ 0, %4 ], [ %7, %24 ]
  %30 = phi i64 [ 0, %4 ], [ %26, %24 ]
  br label %33

31:                                               ; preds = %33, %24, %2
  %32 = phi i64 [ 0, %2 ], [ %26, %24 ], [ %40, %33 ]
  ret i64 %32

33:                                               ; preds = %33, %28
  %34 = phi i64 [ %41, %33 ], [ %29, %28 ]
  %35 = phi i64 [ %40, %33 ], [ %30, %28 ]
  %36 = getelementptr inbounds nuw double, ptr %0, i64 %34
  %37 = load double, ptr %36, align 8, !tbaa !16
  %38 = fcmp ogt double %37, 0.000000e+00
  %39 = zext i1 %38 to i64
  %40 = add nuw nsw i64 %35, %39
  %41 = add nuw nsw i64 %34, 1
  %42 = icmp eq i64 %41, %1
  br i1 %42, label %31, label %33, !llvm.loop !50
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read, inaccessiblemem: write) uwtable
define dso_local double @aligned_sum(ptr noundef readonly captures(none) %0, i32 noundef %1) local_unnamed_addr #3 {
  call void @llvm.assume(i1 true) [ "align"(ptr %0, i64 64) ]
  %3 = icmp sgt i32 %1, 0
  br i1 %3, label %4, label %26

4:                                                ; preds = %2
  %5 = zext nneg i32 %1 to i64
  %6 = and i64 %5, 7
  %7 = icmp ult i32 %1, 8
  br i1 %7, label %12, label %8

8:                                                ; preds = %4
  %9 = and i64 %5, 2147483640
  br label %28

10:                                               ; preds = %28
  %11 = icmp eq i64 %6, 0
  br i1 %11, label %26, label %12

12:                                               ; preds = %10, %4
  %13 = phi i64 [ 0, %4 ], [ %63, %10 ]
  %14 = phi double [ 0.000000e+00, %4 ], [ %62, %10 ]
  %15 = icmp ne i64 %6, 0
  tail call void @llvm.assume(i1 %15)
  br label %16

16:                                               ; preds = %16, %12
  %17 = phi i64 [ %13, %12 ], [ %23, %16 ]
  %18 = phi double [ %14, %12 ], [ %22, %16 ]
  %19 = phi i64 [ 0, %12 ], [ %24, %16 ]
  %20 = getelementptr inbounds nuw double, ptr %0, i64 %17
  %21 = load double, ptr %20, align 8, !tbaa !16
  %22 = fadd double %18, %21
  %23 = add nuw nsw i64 %17, 1
  %24 = add i64 %19, 1
  %25 = icmp eq i64 %24, %6
  br i1 %25, label %26, label %16, !llvm.loop !51

26:                                               ; preds = %16, %10, %2
  %27 = phi double [ 0.000000e+00, %2 ], [ %62, %10 ], [ %22, %16 ]
  ret double %27

28:                                               ; preds = %28, %8
  %29 = phi i64 [ 0, %8 ], [ %63, %28 ]
  %30 = phi double [ 0.000000e+00, %8 ], [ %62, %28 ]
  %31 = phi i64 [ 0, %8 ], [ %64, %28 ]
  %32 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %33 = load double, ptr %32, align 64, !tbaa !16
  %34 = fadd double %30, %33
  %35 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %36 = getelementptr inbounds nuw i8, ptr %35, i64 8
  %37 = load double, ptr %36, align 8, !tbaa !16
  %38 = fadd double %34, %37
  %39 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %40 = getelementptr inbounds nuw i8, ptr %39, i64 16
  %41 = load double, ptr %40, align 16, !tbaa !16
  %42 = fadd double %38, %41
  %43 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %44 = getelementptr inbounds nuw i8, ptr %43, i64 24
  %45 = load double, ptr %44, align 8, !tbaa !16
  %46 = fadd double %42, %45
  %47 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %48 = getelementptr inbounds nuw i8, ptr %47, i64 32
  %49 = load double, ptr %48, align 32, !tbaa !16
  %50 = fadd double %46, %49
  %51 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %52 = getelementptr inbounds nuw i8, ptr %51, i64 40
  %53 = load double, ptr %52, align 8, !tbaa !16
  %54 = fadd double %50, %53
  %55 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %56 = getelementptr inbounds nuw i8, ptr %55, i64 48
  %57 = load double, ptr %56, align 16, !tbaa !16
  %58 = fadd double %54, %57
  %59 = getelementptr inbounds nuw double, ptr %0, i64 %29
  %60 = getelementptr inbounds nuw i8, ptr %59, i64 56
  %61 = load double, ptr %60, align 8, !tbaa !16
  %62 = fadd double %58, %61
  %63 = add nuw nsw i64 %29, 8
  %64 = add i64 %31, 8
  %65 = icmp eq i64 %64, %9
  br i1 %65, label %10, label %28, !llvm.loop !52
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.umin.i32(i32, i32) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.smax.i32(i32, i32) #1

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly captures(none), i8, i64, i1 immarg) #5

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x float> @llvm.fmuladd.v4f32(<4 x float>, <4 x float>, <4 x float>) #1

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <2 x double> @llvm.fmuladd.v2f64(<2 x double>, <2 x double>, <2 x double>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>) #6

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.smax.v4i32(<4 x i32>, <4 x i32>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i32 @llvm.vector.reduce.smax.v4i32(<4 x i32>) #6

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <16 x i32> @llvm.umin.v16i32(<16 x i32>, <16 x i32>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i8 @llvm.vector.reduce.or.v16i8(<16 x i8>) #6

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare <4 x i32> @llvm.umin.v4i32(<4 x i32>, <4 x i32>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i8 @llvm.vector.reduce.or.v4i8(<4 x i8>) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vector.reduce.add.v2i64(<2 x i64>) #6

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nofree norecurse nosync nounwind memory(argmem: read, inaccessiblemem: write) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #5 = { nocallback nofree nounwind willreturn memory(argmem: write) }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12, !13, !14}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.isvectorized", i32 1}
!14 = !{!"llvm.loop.unroll.runtime.disable"}
!15 = distinct !{!15, !12, !14, !13}
!16 = !{!17, !17, i64 0}
!17 = !{!"double", !7, i64 0}
!18 = distinct !{!18, !12, !13, !14}
!19 = distinct !{!19, !12, !14, !13}
!20 = distinct !{!20, !21}
!21 = !{!"llvm.loop.unroll.disable"}
!22 = distinct !{!22, !12}
!23 = distinct !{!23, !21}
!24 = distinct !{!24, !12}
!25 = distinct !{!25, !12, !13, !14}
!26 = distinct !{!26, !12, !14, !13}
!27 = distinct !{!27, !12, !13, !14}
!28 = distinct !{!28, !12, !14, !13}
!29 = distinct !{!29, !12, !13, !14}
!30 = distinct !{!30, !12, !14, !13}
!31 = distinct !{!31, !12, !13, !14}
!32 = distinct !{!32, !12, !14, !13}
!33 = distinct !{!33, !12, !13, !14}
!34 = distinct !{!34, !12, !14, !13}
!35 = !{!36, !36, i64 0}
!36 = !{!"short", !7, i64 0}
!37 = distinct !{!37, !12, !13, !14}
!38 = distinct !{!38, !12, !14, !13}
!39 = distinct !{!39, !12, !13, !14}
!40 = distinct !{!40, !12, !14, !13}
!41 = !{!7, !7, i64 0}
!42 = distinct !{!42, !12, !13, !14}
!43 = !{!"branch_weights", i32 4, i32 12}
!44 = distinct !{!44, !12, !13, !14}
!45 = distinct !{!45, !12, !14, !13}
!46 = distinct !{!46, !12}
!47 = distinct !{!47, !21}
!48 = distinct !{!48, !12}
!49 = distinct !{!49, !12, !13, !14}
!50 = distinct !{!50, !12, !14, !13}
!51 = distinct !{!51, !21}
!52 = distinct !{!52, !12}
