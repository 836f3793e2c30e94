; ModuleID = '<string>'
source_filename = "/work/main/tests/roundtrip/src/asm_goto.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

module asm ".globl enzyme_rt_marker"
module asm ".set enzyme_rt_marker, 0x2a"

@interp.dispatch = internal global [5 x ptr] [ptr blockaddress(@interp, %49), ptr blockaddress(@interp, %13), ptr blockaddress(@interp, %22), ptr blockaddress(@interp, %31), ptr blockaddress(@interp, %40)], align 16, !dbg !0
@g_last_label = dso_local global ptr null, align 8, !dbg !16

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @barrier() #0 !dbg !31 {
  call void asm sideeffect "", "~{memory},~{dirflag},~{fpsr},~{flags}"() #1, !dbg !34, !srcloc !35
  ret void, !dbg !36
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @add_asm(i32 noundef %0, i32 noundef %1) #0 !dbg !37 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store i32 %0, ptr %3, align 4
    #dbg_declare(ptr %3, !41, !DIExpression(), !42)
  store i32 %1, ptr %4, align 4
    #dbg_declare(ptr %4, !43, !DIExpression(), !44)
    #dbg_declare(ptr %5, !45, !DIExpression(), !46)
  %6 = load i32, ptr %3, align 4, !dbg !47
  %7 = load i32, ptr %4, align 4, !dbg !48
  %8 = call i32 asm "addl $2, $0", "=r,0,r,~{cc},~{dirflag},~{fpsr},~{flags}"(i32 %6, i32 %7) #2, !dbg !49, !srcloc !50
  store i32 %8, ptr %5, align 4, !dbg !49
  %9 = load i32, ptr %5, align 4, !dbg !51
  ret i32 %9, !dbg !52
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i64 @rdtsc() #0 !dbg !53 {
  %1 = alloca i32, align 4
  %2 = alloca i32, align 4
    #dbg_declare(ptr %1, !56, !DIExpression(), !57)
    #dbg_declare(ptr %2, !58, !DIExpression(), !59)
  %3 = call { i32, i32 } asm sideeffect "rdtsc", "={ax},={dx},~{dirflag},~{fpsr},~{flags}"() #1, !dbg !60, !srcloc !61
  %4 = extractvalue { i32, i32 } %3, 0, !dbg !60
  %5 = extractvalue { i32, i32 } %3, 1, !dbg !60
  store i32 %4, ptr %1, align 4, !dbg !60
  store i32 %5, ptr %2, align 4, !dbg !60
  %6 = load i32, ptr %2, align 4, !dbg !62
  %7 = zext i32 %6 to i64, !dbg !63
  %8 = shl i64 %7, 32, !dbg !64
  %9 = load i32, ptr %1, align 4, !dbg !65
  %10 = zext i32 %9 to i64, !dbg !65
  %11 = or i64 %8, %10, !dbg !66
  ret i64 %11, !dbg !67
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @check_bit(i64 noundef %0, i32 noundef %1) #0 !dbg !68 {
  %3 = alloca i32, align 4
  %4 = alloca i64, align 8
  %5 = alloca i32, align 4
  store i64 %0, ptr %4, align 8
    #dbg_declare(ptr %4, !71, !DIExpression(), !72)
  store i32 %1, ptr %5, align 4
    #dbg_declare(ptr %5, !73, !DIExpression(), !74)
  %6 = load i64, ptr %4, align 8, !dbg !75
  %7 = load i32, ptr %5, align 4, !dbg !76
  %8 = zext i32 %7 to i64, !dbg !77
  callbr void asm sideeffect "btq $1, $0\0A\09jc ${2:l}", "r,r,!i,~{cc},~{dirflag},~{fpsr},~{flags}"(i64 %6, i64 %8) #1
          to label %9 [label %10], !dbg !78, !srcloc !79

9:                                                ; preds = %2
  store i32 0, ptr %3, align 4, !dbg !80
  br label %11, !dbg !80

10:                                               ; preds = %2
    #dbg_label(!81, !82)
  store i32 1, ptr %3, align 4, !dbg !83
  br label %11, !dbg !83

11:                                               ; preds = %10, %9
  %12 = load i32, ptr %3, align 4, !dbg !84
  ret i32 %12, !dbg !84
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local void @escape(ptr noundef %0) #0 !dbg !85 {
  %2 = alloca ptr, align 8
  store ptr %0, ptr %2, align 8
    #dbg_declare(ptr %2, !88, !DIExpression(), !89)
  %3 = load ptr, ptr %2, align 8, !dbg !90
  call void asm sideeffect "", "imr,~{memory},~{dirflag},~{fpsr},~{flags}"(ptr %3) #1, !dbg !91, !srcloc !92
  ret void, !dbg !93
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @interp(ptr noundef %0, i32 noundef %1) #0 !dbg !2 {
  %3 = alloca ptr, align 8
  %4 = alloca i32, align 4
  %5 = alloca ptr, align 8
  store ptr %0, ptr %3, align 8
    #dbg_declare(ptr %3, !94, !DIExpression(), !95)
  store i32 %1, ptr %4, align 4
    #dbg_declare(ptr %4, !96, !DIExpression(), !97)
    #dbg_declare(ptr %5, !98, !DIExpression(), !99)
  %6 = load ptr, ptr %3, align 8, !dbg !100
  store ptr %6, ptr %5, align 8, !dbg !99
  %7 = load ptr, ptr %5, align 8, !dbg !101
  %8 = getelementptr inbounds nuw i8, ptr %7, i32 1, !dbg !101
  store ptr %8, ptr %5, align 8, !dbg !101
  %9 = load i8, ptr %7, align 1, !dbg !101
  %10 = zext i8 %9 to i64, !dbg !101
  %11 = getelementptr inbounds nuw [5 x ptr], ptr @interp.dispatch, i64 0, i64 %10, !dbg !101
  %12 = load ptr, ptr %11, align 8, !dbg !101
  br label %51, !dbg !101

13:                                               ; preds = %51
    #dbg_label(!102, !103)
  %14 = load i32, ptr %4, align 4, !dbg !104
  %15 = add nsw i32 %14, 1, !dbg !104
  store i32 %15, ptr %4, align 4, !dbg !104
  %16 = load ptr, ptr %5, align 8, !dbg !105
  %17 = getelementptr inbounds nuw i8, ptr %16, i32 1, !dbg !105
  store ptr %17, ptr %5, align 8, !dbg !105
  %18 = load i8, ptr %16, align 1, !dbg !105
  %19 = zext i8 %18 to i64, !dbg !105
  %20 = getelementptr inbounds nuw [5 x ptr], ptr @interp.dispatch, i64 0, i64 %19, !dbg !105
  %21 = load ptr, ptr %20, align 8, !dbg !105
  br label %51, !dbg !105

22:                                               ; preds = %51
    #dbg_label(!106, !107)
  %23 = load i32, ptr %4, align 4, !dbg !108
  %24 = add nsw i32 %23, -1, !dbg !108
  store i32 %24, ptr %4, align 4, !dbg !108
  %25 = load ptr, ptr %5, align 8, !dbg !109
  %26 = getelementptr inbounds nuw i8, ptr %25, i32 1, !dbg !109
  store ptr %26, ptr %5, align 8, !dbg !109
  %27 = load i8, ptr %25, align 1, !dbg !109
  %28 = zext i8 %27 to i64, !dbg !109
  %29 = getelementptr inbounds nuw [5 x ptr], ptr @interp.dispatch, i64 0, i64 %28, !dbg !109
  %30 = load ptr, ptr %29, align 8, !dbg !109
  br label %51, !dbg !109

31:                                               ; preds = %51
    #dbg_label(!110, !111)
  %32 = load i32, ptr %4, align 4, !dbg !112
  %33 = mul nsw i32 %32, 2, !dbg !112
  store i32 %33, ptr %4, align 4, !dbg !112
  %34 = load ptr, ptr %5, align 8, !dbg !113
  %35 = getelementptr inbounds nuw i8, ptr %34, i32 1, !dbg !113
  store ptr %35, ptr %5, align 8, !dbg !113
  %36 = load i8, ptr %34, align 1, !dbg !113
  %37 = zext i8 %36 to i64, !dbg !113
  %38 = getelementptr inbounds nuw [5 x ptr], ptr @interp.dispatch, i64 0, i64 %37, !dbg !113
  %39 = load ptr, ptr %38, align 8, !dbg !113
  br label %51, !dbg !113

40:                                               ; preds = %51
    #dbg_label(!114, !115)
  %41 = load i32, ptr %4, align 4, !dbg !116
  %42 = sub nsw i32 0, %41, !dbg !117
  store i32 %42, ptr %4, align 4, !dbg !118
  %43 = load ptr, ptr %5, align 8, !dbg !119
  %44 = getelementptr inbounds nuw i8, ptr %43, i32 1, !dbg !119
  store ptr %44, ptr %5, align 8, !dbg !119
  %45 = load i8, ptr %43, align 1, !dbg !119
  %46 = zext i8 %45 to i64, !dbg !119
  %47 = getelementptr inbounds nuw [5 x ptr], ptr @interp.dispatch, i64 0, i64 %46, !dbg !119
  %48 = load ptr, ptr %47, align 8, !dbg !119
  br label %51, !dbg !119

49:                                               ; preds = %51
    #dbg_label(!120, !121)
  %50 = load i32, ptr %4, align 4, !dbg !122
  ret i32 %50, !dbg !123

51:                                               ; preds = %40, %31, %22, %13, %2
  %52 = phi ptr [ %12, %2 ], [ %21, %13 ], [ %30, %22 ], [ %39, %31 ], [ %48, %40 ]
  indirectbr ptr %52, [label %49, label %13, label %22, label %31, label %40]
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @label_addr(i32 noundef %0) #0 !dbg !124 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  store i32 %0, ptr %3, align 4
    #dbg_declare(ptr %3, !127, !DIExpression(), !128)
  %4 = load i32, ptr %3, align 4, !dbg !129
  %5 = icmp ne i32 %4, 0, !dbg !129
  br i1 %5, label %6, label %7, !dbg !129

6:                                                ; preds = %1
  store ptr blockaddress(@label_addr, %9), ptr @g_last_label, align 8, !dbg !131
  br label %9, !dbg !133

7:                                                ; preds = %1
  br label %8, !dbg !129

8:                                                ; preds = %12, %7
    #dbg_label(!134, !135)
  call void asm sideeffect "nop", "~{dirflag},~{fpsr},~{flags}"() #1, !dbg !136, !srcloc !137
  store ptr blockaddress(@label_addr, %8), ptr @g_last_label, align 8, !dbg !138
  store i32 1, ptr %2, align 4, !dbg !139
  br label %10, !dbg !139

9:                                                ; preds = %12, %6
    #dbg_label(!140, !141)
  store i32 0, ptr %2, align 4, !dbg !142
  br label %10, !dbg !142

10:                                               ; preds = %9, %8
  %11 = load i32, ptr %2, align 4, !dbg !143
  ret i32 %11, !dbg !143

12:                                               ; No predecessors!
  indirectbr ptr poison, [label %9, label %8]
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @run_jump(i32 noundef %0) #0 !dbg !144 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca ptr, align 8
  store i32 %0, ptr %3, align 4
    #dbg_declare(ptr %3, !145, !DIExpression(), !146)
    #dbg_declare(ptr %4, !147, !DIExpression(), !148)
  %5 = load i32, ptr %3, align 4, !dbg !149
  %6 = icmp sgt i32 %5, 0, !dbg !150
  %7 = zext i1 %6 to i64, !dbg !149
  %8 = select i1 %6, ptr blockaddress(@run_jump, %10), ptr blockaddress(@run_jump, %13), !dbg !149
  store ptr %8, ptr %4, align 8, !dbg !148
  %9 = load ptr, ptr %4, align 8, !dbg !151
  br label %18, !dbg !152

10:                                               ; preds = %18
    #dbg_label(!153, !154)
  %11 = load i32, ptr %3, align 4, !dbg !155
  %12 = mul nsw i32 %11, 2, !dbg !156
  store i32 %12, ptr %2, align 4, !dbg !157
  br label %16, !dbg !157

13:                                               ; preds = %18
    #dbg_label(!158, !159)
  %14 = load i32, ptr %3, align 4, !dbg !160
  %15 = sub nsw i32 0, %14, !dbg !161
  store i32 %15, ptr %2, align 4, !dbg !162
  br label %16, !dbg !162

16:                                               ; preds = %13, %10
  %17 = load i32, ptr %2, align 4, !dbg !163
  ret i32 %17, !dbg !163

18:                                               ; preds = %1
  %19 = phi ptr [ %9, %1 ]
  indirectbr ptr %19, [label %10, label %13]
}

; Function Attrs: noinline nounwind optnone uwtable
define dso_local double @sqrt_asm(double noundef %0) #0 !dbg !164 {
  %2 = alloca double, align 8
  %3 = alloca double, align 8
  store double %0, ptr %2, align 8
    #dbg_declare(ptr %2, !168, !DIExpression(), !169)
    #dbg_declare(ptr %3, !170, !DIExpression(), !171)
  %4 = load double, ptr %2, align 8, !dbg !172
  %5 = call double asm "sqrtsd $1, $0", "=x,x,~{dirflag},~{fpsr},~{flags}"(double %4) #2, !dbg !173, !srcloc !174
  store double %5, ptr %3, align 8, !dbg !173
  %6 = load double, ptr %3, align 8, !dbg !175
  ret double %6, !dbg !176
}

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind }
attributes #2 = { nounwind memory(none) }

!llvm.dbg.cu = !{!10}
!llvm.module.flags = !{!23, !24, !25, !26, !27, !28, !29}
!llvm.ident = !{!30}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "dispatch", scope: !2, file: !3, line: 29, type: !20, isLocal: true, isDefinition: true)
!2 = distinct !DISubprogram(name: "interp", scope: !3, file: !3, line: 28, type: !4, scopeLine: 28, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!3 = !DIFile(filename: "/work/main/tests/roundtrip/src/asm_goto.c", directory: "", checksumkind: CSK_MD5, checksum: "fc07cb3bd33f950a931e4759cbc86129")
!4 = !DISubroutineType(types: !5)
!5 = !{!6, !7, !6}
!6 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!7 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !8, size: 64)
!8 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !9)
!9 = !DIBasicType(name: "unsigned char", size: 8, encoding: DW_ATE_unsigned_char)
!10 = distinct !DICompileUnit(language: DW_LANG_C11, file: !11, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !12, globals: !15, splitDebugInlining: false, nameTableKind: None)
!11 = !DIFile(filename: "/work/main/tests/roundtrip/src/asm_goto.c", directory: "/tmp/rt", checksumkind: CSK_MD5, checksum: "fc07cb3bd33f950a931e4759cbc86129")
!12 = !{!13, !14}
!13 = !DIBasicType(name: "unsigned long long", size: 64, encoding: DW_ATE_unsigned)
!14 = !DIBasicType(name: "unsigned long", size: 64, encoding: DW_ATE_unsigned)
!15 = !{!0, !16}
!16 = !DIGlobalVariableExpression(var: !17, expr: !DIExpression())
!17 = distinct !DIGlobalVariable(name: "g_last_label", scope: !10, file: !3, line: 50, type: !18, isLocal: false, isDefinition: true)
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!19 = !{}
!20 = !DICompositeType(tag: DW_TAG_array_type, baseType: !18, size: 320, elements: !21)
!21 = !{!22}
!22 = !DISubrange(count: 5)
!23 = !{i32 7, !"Dwarf Version", i32 5}
!24 = !{i32 2, !"Debug Info Version", i32 3}
!25 = !{i32 1, !"wchar_size", i32 4}
!26 = !{i32 8, !"PIC Level", i32 2}
!27 = !{i32 7, !"PIE Level", i32 2}
!28 = !{i32 7, !"uwtable", i32 2}
!29 = !{i32 7, !"frame-pointer", i32 2}
!30 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!31 = distinct !DISubprogram(name: "barrier", scope: !3, file: !3, line: 5, type: !32, scopeLine: 5, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10)
!32 = !DISubroutineType(types: !33)
!33 = !{null}
!34 = !DILocation(line: 5, column: 22, scope: !31)
!35 = !{i64 200}
!36 = !DILocation(line: 5, column: 57, scope: !31)
!37 = distinct !DISubprogram(name: "add_asm", scope: !3, file: !3, line: 7, type: !38, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!38 = !DISubroutineType(types: !39)
!39 = !{!40, !40, !40}
!40 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!41 = !DILocalVariable(name: "a", arg: 1, scope: !37, file: !3, line: 7, type: !40)
!42 = !DILocation(line: 7, column: 27, scope: !37)
!43 = !DILocalVariable(name: "b", arg: 2, scope: !37, file: !3, line: 7, type: !40)
!44 = !DILocation(line: 7, column: 39, scope: !37)
!45 = !DILocalVariable(name: "r", scope: !37, file: !3, line: 8, type: !40)
!46 = !DILocation(line: 8, column: 14, scope: !37)
!47 = !DILocation(line: 9, column: 43, scope: !37)
!48 = !DILocation(line: 9, column: 51, scope: !37)
!49 = !DILocation(line: 9, column: 5, scope: !37)
!50 = !{i64 292}
!51 = !DILocation(line: 10, column: 12, scope: !37)
!52 = !DILocation(line: 10, column: 5, scope: !37)
!53 = distinct !DISubprogram(name: "rdtsc", scope: !3, file: !3, line: 13, type: !54, scopeLine: 13, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!54 = !DISubroutineType(types: !55)
!55 = !{!13}
!56 = !DILocalVariable(name: "lo", scope: !53, file: !3, line: 14, type: !40)
!57 = !DILocation(line: 14, column: 14, scope: !53)
!58 = !DILocalVariable(name: "hi", scope: !53, file: !3, line: 14, type: !40)
!59 = !DILocation(line: 14, column: 18, scope: !53)
!60 = !DILocation(line: 15, column: 5, scope: !53)
!61 = !{i64 434}
!62 = !DILocation(line: 16, column: 33, scope: !53)
!63 = !DILocation(line: 16, column: 13, scope: !53)
!64 = !DILocation(line: 16, column: 36, scope: !53)
!65 = !DILocation(line: 16, column: 45, scope: !53)
!66 = !DILocation(line: 16, column: 43, scope: !53)
!67 = !DILocation(line: 16, column: 5, scope: !53)
!68 = distinct !DISubprogram(name: "check_bit", scope: !3, file: !3, line: 19, type: !69, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!69 = !DISubroutineType(types: !70)
!70 = !{!6, !14, !40}
!71 = !DILocalVariable(name: "word", arg: 1, scope: !68, file: !3, line: 19, type: !14)
!72 = !DILocation(line: 19, column: 29, scope: !68)
!73 = !DILocalVariable(name: "bit", arg: 2, scope: !68, file: !3, line: 19, type: !40)
!74 = !DILocation(line: 19, column: 44, scope: !68)
!75 = !DILocation(line: 20, column: 53, scope: !68)
!76 = !DILocation(line: 20, column: 79, scope: !68)
!77 = !DILocation(line: 20, column: 64, scope: !68)
!78 = !DILocation(line: 20, column: 5, scope: !68)
!79 = !{i64 583, i64 596}
!80 = !DILocation(line: 21, column: 5, scope: !68)
!81 = !DILabel(scope: !68, name: "set", file: !3, line: 22, column: 1)
!82 = !DILocation(line: 22, column: 1, scope: !68)
!83 = !DILocation(line: 23, column: 5, scope: !68)
!84 = !DILocation(line: 24, column: 1, scope: !68)
!85 = distinct !DISubprogram(name: "escape", scope: !3, file: !3, line: 26, type: !86, scopeLine: 26, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!86 = !DISubroutineType(types: !87)
!87 = !{null, !18}
!88 = !DILocalVariable(name: "p", arg: 1, scope: !85, file: !3, line: 26, type: !18)
!89 = !DILocation(line: 26, column: 19, scope: !85)
!90 = !DILocation(line: 26, column: 52, scope: !85)
!91 = !DILocation(line: 26, column: 24, scope: !85)
!92 = !{i64 740}
!93 = !DILocation(line: 26, column: 68, scope: !85)
!94 = !DILocalVariable(name: "code", arg: 1, scope: !2, file: !3, line: 28, type: !7)
!95 = !DILocation(line: 28, column: 33, scope: !2)
!96 = !DILocalVariable(name: "acc", arg: 2, scope: !2, file: !3, line: 28, type: !6)
!97 = !DILocation(line: 28, column: 43, scope: !2)
!98 = !DILocalVariable(name: "pc", scope: !2, file: !3, line: 30, type: !7)
!99 = !DILocation(line: 30, column: 26, scope: !2)
!100 = !DILocation(line: 30, column: 31, scope: !2)
!101 = !DILocation(line: 32, column: 5, scope: !2)
!102 = !DILabel(scope: !2, name: "op_inc", file: !3, line: 33, column: 1)
!103 = !DILocation(line: 33, column: 1, scope: !2)
!104 = !DILocation(line: 34, column: 8, scope: !2)
!105 = !DILocation(line: 35, column: 5, scope: !2)
!106 = !DILabel(scope: !2, name: "op_dec", file: !3, line: 36, column: 1)
!107 = !DILocation(line: 36, column: 1, scope: !2)
!108 = !DILocation(line: 37, column: 8, scope: !2)
!109 = !DILocation(line: 38, column: 5, scope: !2)
!110 = !DILabel(scope: !2, name: "op_dbl", file: !3, line: 39, column: 1)
!111 = !DILocation(line: 39, column: 1, scope: !2)
!112 = !DILocation(line: 40, column: 9, scope: !2)
!113 = !DILocation(line: 41, column: 5, scope: !2)
!114 = !DILabel(scope: !2, name: "op_neg", file: !3, line: 42, column: 1)
!115 = !DILocation(line: 42, column: 1, scope: !2)
!116 = !DILocation(line: 43, column: 12, scope: !2)
!117 = !DILocation(line: 43, column: 11, scope: !2)
!118 = !DILocation(line: 43, column: 9, scope: !2)
!119 = !DILocation(line: 44, column: 5, scope: !2)
!120 = !DILabel(scope: !2, name: "op_halt", file: !3, line: 45, column: 1)
!121 = !DILocation(line: 45, column: 1, scope: !2)
!122 = !DILocation(line: 46, column: 12, scope: !2)
!123 = !DILocation(line: 46, column: 5, scope: !2)
!124 = distinct !DISubprogram(name: "label_addr", scope: !3, file: !3, line: 52, type: !125, scopeLine: 52, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!125 = !DISubroutineType(types: !126)
!126 = !{!6, !6}
!127 = !DILocalVariable(name: "which", arg: 1, scope: !124, file: !3, line: 52, type: !6)
!128 = !DILocation(line: 52, column: 20, scope: !124)
!129 = !DILocation(line: 53, column: 9, scope: !130)
!130 = distinct !DILexicalBlock(scope: !124, file: !3, line: 53, column: 9)
!131 = !DILocation(line: 54, column: 22, scope: !132)
!132 = distinct !DILexicalBlock(scope: !130, file: !3, line: 53, column: 16)
!133 = !DILocation(line: 55, column: 9, scope: !132)
!134 = !DILabel(scope: !124, name: "first", file: !3, line: 57, column: 1)
!135 = !DILocation(line: 57, column: 1, scope: !124)
!136 = !DILocation(line: 58, column: 5, scope: !124)
!137 = !{i64 1301}
!138 = !DILocation(line: 59, column: 18, scope: !124)
!139 = !DILocation(line: 60, column: 5, scope: !124)
!140 = !DILabel(scope: !124, name: "second", file: !3, line: 61, column: 1)
!141 = !DILocation(line: 61, column: 1, scope: !124)
!142 = !DILocation(line: 62, column: 5, scope: !124)
!143 = !DILocation(line: 63, column: 1, scope: !124)
!144 = distinct !DISubprogram(name: "run_jump", scope: !3, file: !3, line: 65, type: !125, scopeLine: 65, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!145 = !DILocalVariable(name: "x", arg: 1, scope: !144, file: !3, line: 65, type: !6)
!146 = !DILocation(line: 65, column: 18, scope: !144)
!147 = !DILocalVariable(name: "target", scope: !144, file: !3, line: 66, type: !18)
!148 = !DILocation(line: 66, column: 11, scope: !144)
!149 = !DILocation(line: 66, column: 20, scope: !144)
!150 = !DILocation(line: 66, column: 22, scope: !144)
!151 = !DILocation(line: 67, column: 11, scope: !144)
!152 = !DILocation(line: 67, column: 5, scope: !144)
!153 = !DILabel(scope: !144, name: "pos", file: !3, line: 68, column: 1)
!154 = !DILocation(line: 68, column: 1, scope: !144)
!155 = !DILocation(line: 69, column: 12, scope: !144)
!156 = !DILocation(line: 69, column: 14, scope: !144)
!157 = !DILocation(line: 69, column: 5, scope: !144)
!158 = !DILabel(scope: !144, name: "nonpos", file: !3, line: 70, column: 1)
!159 = !DILocation(line: 70, column: 1, scope: !144)
!160 = !DILocation(line: 71, column: 13, scope: !144)
!161 = !DILocation(line: 71, column: 12, scope: !144)
!162 = !DILocation(line: 71, column: 5, scope: !144)
!163 = !DILocation(line: 72, column: 1, scope: !144)
!164 = distinct !DISubprogram(name: "sqrt_asm", scope: !3, file: !3, line: 74, type: !165, scopeLine: 74, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !10, retainedNodes: !19)
!165 = !DISubroutineType(types: !166)
!166 = !{!167, !167}
!167 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!168 = !DILocalVariable(name: "x", arg: 1, scope: !164, file: !3, line: 74, type: !167)
!169 = !DILocation(line: 74, column: 24, scope: !164)
!170 = !DILocalVariable(name: "r", scope: !164, file: !3, line: 75, type: !167)
!171 = !DILocation(line: 75, column: 12, scope: !164)
!172 = !DILocation(line: 76, column: 45, scope: !164)
!173 = !DILocation(line: 76, column: 5, scope: !164)
!174 = !{i64 1564}
!175 = !DILocation(line: 77, column: 12, scope: !164)
!176 = !DILocation(line: 77, column: 5, scope: !164)
