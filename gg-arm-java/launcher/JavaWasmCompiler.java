// gg's Java compiler driver: javac (javax.tools, in process) and then TeaVM 0.13.1's tooling API
// (TeaVMTool, target WebAssembly WASI), as one call with `exec(PrintStream, String...)`, so gg's
// compile server keeps it warm; `main` runs it once in a fresh JVM.
//
//   sdk OUT CLASSPATH SOURCE...                 javac the SDK's sources into OUT
//   program WORK SDK CLASSPATH TEAVM_CP SOURCE...  javac the program into WORK/classes, find the
//       class whose `public static void main(String[])` runs, compile the entry class that runs
//       it inside gg.Program.run, then TeaVM into WORK/wasm/program.wasm
//
// Output lines the arm reads (fields split by tabs, newlines in messages as \n):
//   D <file> <line> <column> <javac code> <message>       a javac error
//   T <file> <line> <message>                              a TeaVM error
//   NOMAIN / MAINS <names>                                 no class, or several, with a main
//   CRASH <throwable class>                                javac or TeaVM died on the source
//       (javac's own failure, which it reports with no diagnostic; TeaVM's error thrown out:
//       a StackOverflowError on deep nesting, an OutOfMemoryError at the daemon's heap)
// Exit: 0 compiled, 1 javac errors, 2 TeaVM errors, 3 no single main, 4 a compiler crashed on
// the source, 64 usage.
//
// `Checks` is the TeaVM class transformer the program's own classes go through (see there);
// `HeapGrowth` and `MarkSpill` are the ones TeaVM's own collector goes through, `ArrayBytes` its
// allocator; `ClasslibGaps` adds `System.exit`, `Runtime.exit`/`halt`, `System.in`'s end of input,
// `Thread.sleep`'s check and the boxed types' static arithmetic TeaVM's class library lacks (see
// each).
import java.io.File;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import java.util.HashMap;
import java.util.Map;
import org.teavm.diagnostics.DefaultProblemTextConsumer;
import org.teavm.diagnostics.Problem;
import org.teavm.diagnostics.ProblemSeverity;
import org.teavm.model.AccessLevel;
import org.teavm.model.BasicBlock;
import org.teavm.model.ElementModifier;
import org.teavm.model.ClassHolder;
import org.teavm.model.ClassHolderTransformer;
import org.teavm.model.ClassHolderTransformerContext;
import org.teavm.model.Instruction;
import org.teavm.model.MethodDescriptor;
import org.teavm.model.MethodHolder;
import org.teavm.model.MethodReference;
import org.teavm.model.TextLocation;
import org.teavm.model.ValueType;
import org.teavm.model.Variable;
import org.teavm.model.instructions.BinaryInstruction;
import org.teavm.model.instructions.BinaryOperation;
import org.teavm.model.instructions.ConstructArrayInstruction;
import org.teavm.model.instructions.ConstructInstruction;
import org.teavm.model.instructions.ExitInstruction;
import org.teavm.model.instructions.IntegerConstantInstruction;
import org.teavm.model.instructions.InvocationType;
import org.teavm.model.instructions.InvokeInstruction;
import org.teavm.model.instructions.LongConstantInstruction;
import org.teavm.model.instructions.NumericOperandType;
import org.teavm.tooling.TeaVMTargetType;
import org.teavm.tooling.TeaVMTool;
import org.teavm.vm.TeaVMOptimizationLevel;

public final class JavaWasmCompiler {
    public JavaWasmCompiler() {}

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        int code;
        try {
            code = new JavaWasmCompiler().exec(out, args);
        } catch (Throwable t) {
            t.printStackTrace(out);
            code = 70;
        }
        out.flush();
        System.exit(code);
    }

    private static String flat(String s) {
        return s == null ? "" : s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", " ");
    }

    /** javac or TeaVM died on the program's source: the throwable's class. */
    static final class Crash extends RuntimeException {
        final String thrown;

        Crash(String thrown) {
            super(thrown, null, false, false);
            this.thrown = thrown;
        }
    }

    /** The class of the throwable javac's crash report names (its stack trace's first line). */
    private static String thrown(String report) {
        for (String line : report.split("\n")) {
            String t = line.trim();
            int end = t.indexOf(':');
            String name = end < 0 ? t : t.substring(0, end);
            if (name.matches("[a-z][\\w.]*\\.[A-Z]\\w*(Error|Exception)")) return name;
        }
        return "an exception";
    }

    public int exec(PrintStream out, String... args) throws Exception {
        try {
            return run(out, args);
        } catch (Crash c) {
            out.println("CRASH\t" + c.thrown);
            return 4;
        } catch (StackOverflowError | OutOfMemoryError e) {
            out.println("CRASH\t" + e.getClass().getName());
            return 4;
        }
    }

    private int run(PrintStream out, String... args) throws Exception {
        if (args.length >= 3 && args[0].equals("sdk")) {
            File dir = new File(args[1]);
            dir.mkdirs();
            return javac(out, dir, args[2], Arrays.copyOfRange(args, 3, args.length)) ? 0 : 1;
        }
        if (args.length >= 6 && args[0].equals("program")) {
            return program(out, new File(args[1]), args[2], args[3], args[4], Arrays.copyOfRange(args, 5, args.length));
        }
        out.println("usage: sdk OUT CLASSPATH SOURCE... | program WORK SDK CLASSPATH TEAVM_CP SOURCE...");
        return 64;
    }

    private static boolean javac(PrintStream out, File dir, String classpath, String[] sources) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> found = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(found, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of(
                    "-d", dir.getPath(), "-classpath", classpath, "-g", "-encoding", "UTF-8", "-proc:none",
                    "-nowarn", "-Xlint:none", "-Xmaxerrs", "200", "--release", "17");
            Iterable<? extends JavaFileObject> units = files.getJavaFileObjects(sources);
            java.io.StringWriter said = new java.io.StringWriter();
            boolean ok = javac.getTask(said, files, found, options, null, units).call();
            if (!ok && found.getDiagnostics().stream().noneMatch(d -> d.getKind() == Diagnostic.Kind.ERROR)) {
                // javac caught its own failure (its "An exception has occurred in the compiler"
                // report, with the throwable's stack trace, went to `said`): throw its class on.
                throw new Crash(thrown(said.toString()));
            }
            for (Diagnostic<? extends JavaFileObject> d : found.getDiagnostics()) {
                if (d.getKind() != Diagnostic.Kind.ERROR) continue;
                String file = d.getSource() == null ? "" : d.getSource().getName();
                out.println("D\t" + file + "\t" + d.getLineNumber() + "\t" + column(d) + "\t" + d.getCode()
                        + "\t" + flat(d.getMessage(Locale.ROOT)));
            }
            return ok;
        }
    }

    /**
     * The diagnostic's 1-based column in UTF-16 units from its line's start (after a `\n`, a `\r`
     * or a `\r\n`, as javac ends lines), which the arm turns into characters: javac's own
     * column expands each tab to the next multiple of 8.
     */
    private static long column(Diagnostic<? extends JavaFileObject> d) {
        long pos = d.getPosition();
        if (pos == Diagnostic.NOPOS || d.getSource() == null) return d.getColumnNumber();
        try {
            CharSequence text = d.getSource().getCharContent(true);
            int at = (int) Math.min(pos, text.length());
            int start = at;
            while (start > 0 && text.charAt(start - 1) != '\n' && text.charAt(start - 1) != '\r') start--;
            return at - start + 1;
        } catch (java.io.IOException e) {
            return d.getColumnNumber();
        }
    }

    private static int program(PrintStream out, File work, String sdk, String classpath, String teavmCp, String[] sources)
            throws Exception {
        File classes = new File(work, "classes");
        classes.mkdirs();
        String cp = sdk + File.pathSeparator + classpath;
        if (!javac(out, classes, cp, sources)) return 1;

        // The class whose main runs: found by reflection over what javac wrote (nothing initialised).
        List<URL> urls = new ArrayList<>();
        urls.add(classes.toURI().toURL());
        for (String p : cp.split(File.pathSeparator)) urls.add(new File(p).toURI().toURL());
        List<String> mains = new ArrayList<>();
        List<String> publicMains = new ArrayList<>();
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader());
                Stream<Path> walk = Files.walk(classes.toPath())) {
            List<Path> found = walk.filter(p -> p.toString().endsWith(".class")).sorted().toList();
            for (Path p : found) {
                String rel = classes.toPath().relativize(p).toString();
                String name = rel.substring(0, rel.length() - ".class".length()).replace(File.separatorChar, '.');
                Class<?> c;
                try {
                    c = Class.forName(name, false, loader);
                } catch (Throwable t) {
                    continue;
                }
                Method m;
                try {
                    m = c.getDeclaredMethod("main", String[].class);
                } catch (NoSuchMethodException e) {
                    continue;
                }
                int mod = m.getModifiers();
                if (!Modifier.isStatic(mod) || m.getReturnType() != void.class || c.getCanonicalName() == null) continue;
                mains.add(c.getCanonicalName());
                if (Modifier.isPublic(mod) && Modifier.isPublic(c.getModifiers()) && c.getEnclosingClass() == null) {
                    publicMains.add(c.getCanonicalName());
                }
            }
        }
        List<String> pick = mains.size() == 1 ? mains : publicMains;
        if (mains.isEmpty()) {
            out.println("NOMAIN");
            return 3;
        }
        if (pick.size() != 1) {
            out.println("MAINS\t" + String.join(", ", mains));
            return 3;
        }
        File entryDir = new File(work, "entry");
        entryDir.mkdirs();
        File entry = new File(entryDir, "GgEntry.java");
        Files.writeString(entry.toPath(),
                "public final class GgEntry {\n    public static void main(String[] args) {\n        gg.Program.run(\""
                        + new File(sources[0]).getName() + "\", () -> " + pick.get(0) + ".main(args));\n    }\n}\n");
        if (!javac(out, classes, classes.getPath() + File.pathSeparator + cp, new String[] { entry.getPath() })) return 1;

        TeaVMTool tool = new TeaVMTool();
        tool.setTargetType(TeaVMTargetType.WEBASSEMBLY_WASI);
        tool.setMainClass("GgEntry");
        File wasm = new File(work, "wasm");
        tool.setTargetDirectory(wasm);
        tool.setTargetFileName("program.wasm");
        List<File> path = new ArrayList<>();
        path.add(classes);
        for (String p : (sdk + File.pathSeparator + teavmCp).split(File.pathSeparator)) path.add(new File(p));
        tool.setClassPath(path);
        tool.setObfuscated(false);
        tool.setOptimizationLevel(TeaVMOptimizationLevel.SIMPLE);
        tool.setDebugInformationGenerated(false);
        // The heap starts at TeaVM's 4 MiB and may grow to 1900 MiB (near the most TeaVM's sizes,
        // ints, can spell): gg's memory ceiling, lower, is what stops a program that keeps
        // everything, so a heap bomb is gg's out-of-memory rather than TeaVM's own abort.
        tool.setMaxHeapSize(1900 << 20);
        // TeaVM's heap starts at 32 MiB rather than its 4 MiB: fewer collections while a program
        // grows (hello.java: guest 2.09 vs 2.6 ms median, debug build); pages never touched cost
        // nothing.
        tool.setMinHeapSize(32 << 20);
        tool.getTransformers().add(Checks.class.getName());
        tool.getTransformers().add(HeapGrowth.class.getName());
        tool.getTransformers().add(MarkSpill.class.getName());
        tool.getTransformers().add(ArrayBytes.class.getName());
        tool.getTransformers().add(ClasslibGaps.class.getName());
        tool.generate();
        boolean severe = false;
        for (Problem p : tool.getProblemProvider().getProblems()) {
            if (p.getSeverity() != ProblemSeverity.ERROR) continue;
            severe = true;
            DefaultProblemTextConsumer text = new DefaultProblemTextConsumer();
            p.render(text);
            TextLocation at = p.getLocation() == null ? null : p.getLocation().getSourceLocation();
            String file = at == null || at.isEmpty() ? "" : at.getFileName();
            int line = at == null || at.isEmpty() ? 0 : at.getLine();
            out.println("T\t" + file + "\t" + line + "\t" + flat(text.getText()));
        }
        if (severe) return 2;
        if (!new File(wasm, "program.wasm").isFile()) {
            out.println("TeaVM wrote no program.wasm");
            return 70;
        }
        return 0;
    }

    /**
     * What TeaVM 0.13.1 does not check in the program's own classes (the default package and
     * {@code lib}), rewritten in its IR before its own passes run:
     * <ul>
     * <li>every one-dimensional array's length goes through {@code gg.Checks.size} with its
     * element's bytes, which throws {@code NegativeArraySizeException} (TeaVM made a negative-sized
     * array silently), makes an array of 2 GiB or more out of memory (TeaVM's int size wrapped to
     * a small block with the huge length), and hides a constant length from TeaVM's bound-check
     * insertion, which drops the upper check of a
     * constant index into a constant-sized array without comparing them ({@code new int[2]} then
     * {@code xs[5]} read past the end);
     * <li>an int or long {@code /} and {@code %} whose divisor is not a constant other than 0 and -1
     * becomes {@code gg.Checks.div}/{@code rem}, which throw {@code ArithmeticException("/ by
     * zero")} (TeaVM emits the bare wasm instruction, which traps) and give
     * {@code MIN_VALUE / -1} Java's answer.
     * </ul>
     * The calls keep the instruction's location, so a stack trace names the program's line.
     */
    public static final class Checks implements ClassHolderTransformer {
        private static final MethodReference SIZE = new MethodReference("gg.Checks", "size", ValueType.INTEGER,
                ValueType.INTEGER, ValueType.INTEGER);
        private static final MethodReference[] ARITHMETIC = {
            new MethodReference("gg.Checks", "div", ValueType.INTEGER, ValueType.INTEGER, ValueType.INTEGER),
            new MethodReference("gg.Checks", "rem", ValueType.INTEGER, ValueType.INTEGER, ValueType.INTEGER),
            new MethodReference("gg.Checks", "div", ValueType.LONG, ValueType.LONG, ValueType.LONG),
            new MethodReference("gg.Checks", "rem", ValueType.LONG, ValueType.LONG, ValueType.LONG),
        };

        public Checks() {}

        @Override
        public void transformClass(ClassHolder cls, ClassHolderTransformerContext context) {
            String name = cls.getName();
            if (name.indexOf('.') >= 0 && !name.startsWith("lib.")) return;
            for (MethodHolder method : cls.getMethods()) {
                if (method.getProgram() == null) continue;
                rewrite(method.getProgram());
                if (method.getResultType() != ValueType.VOID) loopExits(method.getProgram());
            }
        }

        private static final org.teavm.model.FieldReference NEVER = new org.teavm.model.FieldReference("gg.Checks",
                "never");
        private static final MethodReference UNREACHABLE = new MethodReference("gg.Checks", "unreachable",
                ValueType.object("java.lang.RuntimeException"));

        /**
         * Each unconditional back edge (a jump to a block no later than its own) in a method with a
         * result becomes {@code if (gg.Checks.never) throw gg.Checks.unreachable(); else goto
         * loop}: TeaVM 0.13.1 compiled a loop with no exit in such a method to WebAssembly that
         * does not validate (the function ends with nothing on the stack), which wasmtime refused,
         * and an exit it cannot prove untaken makes it emit the method's end properly.
         */
        private static void loopExits(org.teavm.model.Program program) {
            List<org.teavm.model.instructions.JumpInstruction> back = new ArrayList<>();
            for (BasicBlock block : program.getBasicBlocks()) {
                if (block.getLastInstruction() instanceof org.teavm.model.instructions.JumpInstruction j
                        && j.getTarget().getIndex() <= block.getIndex()) {
                    back.add(j);
                }
            }
            if (back.isEmpty()) return;
            BasicBlock exit = program.createBasicBlock();
            Variable thrown = program.createVariable();
            exit.add(call(UNREACHABLE, thrown, null));
            org.teavm.model.instructions.RaiseInstruction raise = new org.teavm.model.instructions.RaiseInstruction();
            raise.setException(thrown);
            exit.add(raise);
            for (org.teavm.model.instructions.JumpInstruction j : back) {
                Variable never = program.createVariable();
                org.teavm.model.instructions.GetFieldInstruction read = new org.teavm.model.instructions.GetFieldInstruction();
                read.setField(NEVER);
                read.setFieldType(ValueType.BOOLEAN);
                read.setReceiver(never);
                read.setLocation(j.getLocation());
                org.teavm.model.instructions.BranchingInstruction branch = new org.teavm.model.instructions.BranchingInstruction(
                        org.teavm.model.instructions.BranchingCondition.NOT_EQUAL);
                branch.setOperand(never);
                branch.setConsequent(exit);
                branch.setAlternative(j.getTarget());
                branch.setLocation(j.getLocation());
                j.insertPrevious(read);
                j.replace(branch);
            }
        }

        private static void rewrite(org.teavm.model.Program program) {
            Map<Integer, Long> constants = new HashMap<>();
            List<Instruction> found = new ArrayList<>();
            for (BasicBlock block : program.getBasicBlocks()) {
                for (Instruction insn : block) {
                    if (insn instanceof IntegerConstantInstruction c) {
                        constants.put(c.getReceiver().getIndex(), (long) c.getConstant());
                    } else if (insn instanceof LongConstantInstruction c) {
                        constants.put(c.getReceiver().getIndex(), c.getConstant());
                    } else if (insn instanceof ConstructArrayInstruction || insn instanceof BinaryInstruction) {
                        found.add(insn);
                    }
                }
            }
            for (Instruction insn : found) {
                if (insn instanceof ConstructArrayInstruction a) {
                    Variable size = program.createVariable();
                    Variable itemBytes = program.createVariable();
                    IntegerConstantInstruction c = new IntegerConstantInstruction();
                    c.setConstant(itemBytes(a.getItemType()));
                    c.setReceiver(itemBytes);
                    c.setLocation(a.getLocation());
                    a.insertPrevious(c);
                    a.insertPrevious(call(SIZE, size, a.getLocation(), a.getSize(), itemBytes));
                    a.setSize(size);
                } else if (insn instanceof BinaryInstruction b) {
                    boolean div = b.getOperation() == BinaryOperation.DIVIDE;
                    if (!div && b.getOperation() != BinaryOperation.MODULO) continue;
                    boolean isLong = b.getOperandType() == NumericOperandType.LONG;
                    if (!isLong && b.getOperandType() != NumericOperandType.INT) continue;
                    Long divisor = constants.get(b.getSecondOperand().getIndex());
                    if (divisor != null && divisor != 0 && divisor != -1) continue;
                    MethodReference helper = ARITHMETIC[(isLong ? 2 : 0) + (div ? 0 : 1)];
                    b.replace(call(helper, b.getReceiver(), b.getLocation(), b.getFirstOperand(), b.getSecondOperand()));
                }
            }
        }

        /** An element's bytes in TeaVM's arrays: a reference is a 32-bit address. */
        private static int itemBytes(ValueType item) {
            if (!(item instanceof ValueType.Primitive p)) return 4;
            return switch (p.getKind()) {
                case BOOLEAN, BYTE -> 1;
                case SHORT, CHARACTER -> 2;
                case INTEGER, FLOAT -> 4;
                case LONG, DOUBLE -> 8;
            };
        }

        static InvokeInstruction call(MethodReference method, Variable receiver, TextLocation at,
                Variable... args) {
            InvokeInstruction call = new InvokeInstruction();
            call.setType(InvocationType.SPECIAL);
            call.setMethod(method);
            call.setArguments(args);
            call.setReceiver(receiver);
            call.setLocation(at);
            return call;
        }
    }

    /**
     * Edits to TeaVM 0.13.1's collector ({@code org.teavm.runtime.GC}), whose allocation of an
     * object larger than every free chunk went wrong. The chunk the collector hands {@code alloc}
     * for {@code n} bytes must be exactly {@code n}, or more than {@code n + 8} (room for a free
     * chunk's header after the object; {@code hasAvailableMemory} wants more, {@code
     * getNextChunkIfPossible} at least), and the heap, grown by exactly what the object lacked and
     * rounded up to 8, ended in a chunk of {@code n} or {@code n + 4} bytes:
     * <ul>
     * <li>{@code n + 4} serves nothing, and the collector, which grows only a heap that lacks
     * room, never grew it again: TeaVM's own "Out of memory" trap (a {@code byte[64 << 20]});
     * <li>{@code n} leaves no free chunk at all once the object takes it, and the next collection
     * of a heap with none walks a stale chunk list and never ends (a {@code long[4 << 17]}: the
     * run's timeout).
     * </ul>
     * So {@code alloc} asks {@code getNextChunk} for {@code n + 8} and still takes {@code n} (a
     * chunk it is handed always keeps 8 bytes or more free), and {@code computeMinRequestedSize},
     * what a heap that lacks room grows to, answers 16 bytes more: the grown chunk is then 16 or
     * 20 bytes more than asked for, which serves it. And {@code resizeHeapIfNecessary}, which grows
     * the heap to twice what is live up to TeaVM's fixed ceiling, asks {@code gg.Heap.ceiling}
     * instead, which stops that growth where the memory would pass gg's limit: one array of more
     * than half the limit no longer makes the next collection ask for memory gg denies. And the
     * collection recounts its free memory after it resized the heap (it counted before, so the
     * growth went uncounted and {@code Runtime.freeMemory()} read negative until the next one).
     */
    public static final class HeapGrowth implements ClassHolderTransformer {
        static final String GC = "org.teavm.runtime.GC";
        private static final MethodReference CEILING = new MethodReference("gg.Heap", "ceiling", ValueType.LONG,
                ValueType.LONG);
        /** A free chunk's header, TeaVM's {@code MIN_CHUNK_SIZE}. */
        private static final int MIN_CHUNK_SIZE = 8;

        public HeapGrowth() {}

        @Override
        public void transformClass(ClassHolder cls, ClassHolderTransformerContext context) {
            if (!cls.getName().equals(GC)) return;
            List<Instruction> found = new ArrayList<>();
            List<org.teavm.model.Program> in = new ArrayList<>();
            for (MethodHolder method : cls.getMethods()) {
                org.teavm.model.Program program = method.getProgram();
                if (program == null) continue;
                String name = method.getName();
                for (BasicBlock block : program.getBasicBlocks()) {
                    for (Instruction insn : block) {
                        boolean call = name.equals("alloc") && insn instanceof InvokeInstruction i
                                && i.getMethod().getName().equals("getNextChunk");
                        boolean exit = name.equals("computeMinRequestedSize") && insn instanceof ExitInstruction e
                                && e.getValueToReturn() != null;
                        boolean most = name.equals("resizeHeapIfNecessary") && insn instanceof InvokeInstruction i
                                && i.getMethod().getName().equals("maxAvailableBytes");
                        boolean resized = name.equals("collectGarbageImpl") && insn instanceof InvokeInstruction i
                                && i.getMethod().getName().equals("resizeHeapIfNecessary");
                        if (call || exit || most || resized) {
                            found.add(insn);
                            in.add(program);
                        }
                    }
                }
            }
            if (found.size() != 4) {
                throw new IllegalStateException("TeaVM's GC is not the one HeapGrowth edits (" + found.size()
                        + " places)");
            }
            for (int k = 0; k < found.size(); k++) {
                if (found.get(k) instanceof InvokeInstruction call
                        && call.getMethod().getName().equals("resizeHeapIfNecessary")) {
                    InvokeInstruction update = new InvokeInstruction();
                    update.setType(InvocationType.SPECIAL);
                    update.setMethod(new MethodReference(GC, "updateFreeMemory", ValueType.VOID));
                    update.setLocation(call.getLocation());
                    call.insertNext(update);
                } else if (found.get(k) instanceof InvokeInstruction call
                        && call.getMethod().getName().equals("getNextChunk")) {
                    call.setArguments(plus(in.get(k), call, call.getArguments().get(0), MIN_CHUNK_SIZE, false));
                } else if (found.get(k) instanceof InvokeInstruction call) {
                    // resizeHeapIfNecessary(long requestedSize): its parameter is variable 1.
                    call.setMethod(CEILING);
                    call.setArguments(in.get(k).variableAt(1));
                } else if (found.get(k) instanceof ExitInstruction exit) {
                    exit.setValueToReturn(plus(in.get(k), exit, exit.getValueToReturn(), 2 * MIN_CHUNK_SIZE, true));
                }
            }
        }

        /** {@code value + extra}, computed just before {@code at}. */
        private static Variable plus(org.teavm.model.Program program, Instruction at, Variable value, int extra,
                boolean isLong) {
            Variable constant = program.createVariable();
            Instruction c;
            if (isLong) {
                LongConstantInstruction l = new LongConstantInstruction();
                l.setConstant(extra);
                l.setReceiver(constant);
                c = l;
            } else {
                IntegerConstantInstruction i = new IntegerConstantInstruction();
                i.setConstant(extra);
                i.setReceiver(constant);
                c = i;
            }
            BinaryInstruction add = new BinaryInstruction(BinaryOperation.ADD,
                    isLong ? NumericOperandType.LONG : NumericOperandType.INT);
            Variable sum = program.createVariable();
            add.setFirstOperand(value);
            add.setSecondOperand(constant);
            add.setReceiver(sum);
            c.setLocation(at.getLocation());
            add.setLocation(at.getLocation());
            at.insertPrevious(c);
            at.insertPrevious(add);
            return sum;
        }
    }

    /**
     * TeaVM 0.13.1's allocator ({@code org.teavm.runtime.Allocator.allocateArray}) sizes an array
     * as {@code itemSize * length} in an int, which wraps for 2 GiB or more into a small block with
     * the huge length (an access out of bounds later). {@code Checks} stops that for arrays the
     * program's own code makes, with its line; this sends the one multiplication to
     * {@code gg.Heap.arrayBytes}, which ends the program out of memory instead, for the arrays
     * made elsewhere: a multi-dimensional array's rows, the class library's ({@code new
     * ArrayList<>(n)}, {@code Arrays.copyOf}), reflection's.
     */
    public static final class ArrayBytes implements ClassHolderTransformer {
        private static final MethodReference BYTES = new MethodReference("gg.Heap", "arrayBytes", ValueType.INTEGER,
                ValueType.INTEGER, ValueType.INTEGER);

        public ArrayBytes() {}

        @Override
        public void transformClass(ClassHolder cls, ClassHolderTransformerContext context) {
            if (!cls.getName().equals("org.teavm.runtime.Allocator")) return;
            List<BinaryInstruction> found = new ArrayList<>();
            for (MethodHolder method : cls.getMethods()) {
                if (!method.getName().equals("allocateArray") || method.getProgram() == null) continue;
                for (BasicBlock block : method.getProgram().getBasicBlocks()) {
                    for (Instruction insn : block) {
                        if (insn instanceof BinaryInstruction b && b.getOperation() == BinaryOperation.MULTIPLY
                                && b.getOperandType() == NumericOperandType.INT) {
                            found.add(b);
                        }
                    }
                }
            }
            if (found.size() != 1) {
                throw new IllegalStateException("TeaVM's allocator is not the one ArrayBytes edits (" + found.size()
                        + " multiplications)");
            }
            BinaryInstruction b = found.get(0);
            b.replace(Checks.call(BYTES, b.getReceiver(), b.getLocation(), b.getFirstOperand(), b.getSecondOperand()));
        }
    }

    /**
     * Sends TeaVM 0.13.1's collector ({@code org.teavm.runtime.GC}) to the SDK's
     * {@code org.teavm.runtime.GgMarkQueue} where it used its own {@code MarkQueue}, a ring that ends
     * the program "Out of memory" when marking queues more objects than it holds (one array of
     * many live objects: a list of 3,000,000 boxed longs). GgMarkQueue, when full, marks what it
     * holds first: its {@code drain} is sent here to the collector's {@code doProcessMarkQueue}.
     * Fails the compile when the collector is not the one this edits.
     */
    public static final class MarkSpill implements ClassHolderTransformer {
        private static final String QUEUE = "org.teavm.runtime.MarkQueue";
        private static final String SPILL = "org.teavm.runtime.GgMarkQueue";
        private static final MethodDescriptor DRAIN = new MethodDescriptor("doProcessMarkQueue", ValueType.VOID);

        public MarkSpill() {}

        @Override
        public void transformClass(ClassHolder cls, ClassHolderTransformerContext context) {
            if (cls.getName().equals(HeapGrowth.GC)) {
                MethodHolder drain = cls.getMethod(DRAIN);
                int sent = 0;
                for (MethodHolder method : cls.getMethods()) {
                    if (method.getProgram() == null) continue;
                    for (BasicBlock block : method.getProgram().getBasicBlocks()) {
                        for (Instruction insn : block) {
                            if (insn instanceof InvokeInstruction call && call.getMethod().getClassName().equals(QUEUE)) {
                                call.setMethod(new MethodReference(SPILL, call.getMethod().getDescriptor()));
                                sent++;
                            }
                        }
                    }
                }
                // init twice (mark, doMarkOldGeneration), isEmpty, dequeue, enqueue.
                if (drain == null || sent != 5) {
                    throw new IllegalStateException("TeaVM's GC is not the one MarkSpill edits (" + sent
                            + " queue calls, doProcessMarkQueue " + (drain != null) + ")");
                }
                drain.setLevel(AccessLevel.PACKAGE_PRIVATE);
            } else if (cls.getName().equals(SPILL)) {
                int sent = 0;
                for (MethodHolder method : cls.getMethods()) {
                    if (method.getProgram() == null) continue;
                    for (BasicBlock block : method.getProgram().getBasicBlocks()) {
                        for (Instruction insn : block) {
                            if (insn instanceof InvokeInstruction call && call.getMethod().getClassName().equals(SPILL)
                                    && call.getMethod().getName().equals("drain")) {
                                call.setMethod(new MethodReference(HeapGrowth.GC, DRAIN));
                                sent++;
                            }
                        }
                    }
                }
                if (sent != 1) throw new IllegalStateException("GgMarkQueue drains in " + sent + " places, not 1");
            }
        }
    }

    /**
     * The static arithmetic of the boxed types that TeaVM 0.13.1's class library lacks, added to
     * those classes: {@code Integer.sum}, {@code Long.sum/max/min}, {@code Float.sum/max/min} and
     * {@code Double.sum/max/min}, what a program passes as {@code Integer::sum} to {@code merge} or
     * {@code reduce}. Without them javac accepts the program and TeaVM refuses it ("Method
     * java.lang.Integer.sum(II)I was not found"). A method the class already has is left alone.
     */
    public static final class ClasslibGaps implements ClassHolderTransformer {
        public ClasslibGaps() {}

        @Override
        public void transformClass(ClassHolder cls, ClassHolderTransformerContext context) {
            switch (cls.getName()) {
                case "org.teavm.backend.wasm.runtime.fs.WasiFileSystem" -> {
                    userDir(cls);
                    return;
                }
                case "java.lang.String" -> {
                    lines(cls);
                    message(cls, "charAt", 1, "charIndex", "length", STRING_INDEX);
                    checkFirst(cls, "substring", 2, "checkSubstring", "length");
                    return;
                }
                case "java.lang.AbstractStringBuilder" -> {
                    message(cls, "charAt", 1, "builderIndex", "length", STRING_INDEX);
                    message(cls, "setCharAt", 1, "builderIndex", "length", STRING_INDEX);
                    return;
                }
                case "java.util.Optional" -> {
                    message(cls, "get", 0, "noValue", null, "java.util.NoSuchElementException");
                    message(cls, "orElseThrow", 0, "noValue", null, "java.util.NoSuchElementException");
                    return;
                }
                case "java.lang.ConsoleInputStream" -> {
                    // `System.in`: a program here has no input, so every read is its end (-1), as
                    // the JVM's reading /dev/null; TeaVM's threw EOFException from each.
                    for (MethodHolder read : cls.getMethods()) {
                        if (!read.getName().equals("read") || read.getResultType() != ValueType.INTEGER) continue;
                        org.teavm.model.Program program = new org.teavm.model.Program();
                        for (int i = 0; i <= read.parameterCount(); i++) program.createVariable();
                        Variable end = program.createVariable();
                        BasicBlock block = program.createBasicBlock();
                        IntegerConstantInstruction minusOne = new IntegerConstantInstruction();
                        minusOne.setConstant(-1);
                        minusOne.setReceiver(end);
                        block.add(minusOne);
                        ExitInstruction exit = new ExitInstruction();
                        exit.setValueToReturn(end);
                        block.add(exit);
                        read.setProgram(program);
                    }
                    return;
                }
                case "java.lang.Thread" -> {
                    MethodHolder sleep = cls.getMethod(new MethodDescriptor("sleep", ValueType.LONG, ValueType.VOID));
                    if (sleep != null && sleep.getProgram() != null) {
                        org.teavm.model.Program program = sleep.getProgram();
                        program.basicBlockAt(0).addFirst(Checks.call(new MethodReference("gg.Gaps", "sleepTime",
                                ValueType.LONG, ValueType.VOID), null, null, program.variableAt(1)));
                    }
                    return;
                }
                case "java.lang.System" -> {
                    exit(cls, "exit", true);
                    return;
                }
                case "java.lang.Runtime" -> {
                    exit(cls, "exit", false);
                    exit(cls, "halt", false);
                    return;
                }
                case "java.util.ArrayList" -> {
                    message(cls, "checkIndex", 1, "index", "size", INDEX);
                    message(cls, "checkIndexForAdd", 1, "positionIndex", "size", INDEX);
                    return;
                }
                default -> {}
            }
            ValueType type;
            NumericOperandType operands;
            switch (cls.getName()) {
                case "java.lang.Integer" -> { type = ValueType.INTEGER; operands = NumericOperandType.INT; }
                case "java.lang.Long" -> { type = ValueType.LONG; operands = NumericOperandType.LONG; }
                case "java.lang.Float" -> { type = ValueType.FLOAT; operands = NumericOperandType.FLOAT; }
                case "java.lang.Double" -> { type = ValueType.DOUBLE; operands = NumericOperandType.DOUBLE; }
                default -> { return; }
            }
            for (String name : new String[] {"sum", "max", "min"}) {
                MethodDescriptor descriptor = new MethodDescriptor(name, type, type, type);
                if (cls.getMethod(descriptor) != null) continue;
                MethodHolder method = new MethodHolder(descriptor);
                method.setLevel(AccessLevel.PUBLIC);
                method.getModifiers().add(ElementModifier.STATIC);
                org.teavm.model.Program program = new org.teavm.model.Program();
                program.createVariable(); // no `this`, but the slot is still the first variable
                Variable a = program.createVariable();
                Variable b = program.createVariable();
                Variable result = program.createVariable();
                BasicBlock block = program.createBasicBlock();
                if (name.equals("sum")) {
                    BinaryInstruction add = new BinaryInstruction(BinaryOperation.ADD, operands);
                    add.setFirstOperand(a);
                    add.setSecondOperand(b);
                    add.setReceiver(result);
                    block.add(add);
                } else {
                    InvokeInstruction call = new InvokeInstruction();
                    call.setType(InvocationType.SPECIAL);
                    call.setMethod(new MethodReference("java.lang.Math", descriptor));
                    call.setArguments(a, b);
                    call.setReceiver(result);
                    block.add(call);
                }
                ExitInstruction exit = new ExitInstruction();
                exit.setValueToReturn(result);
                block.add(exit);
                method.setProgram(program);
                cls.addMethod(method);
            }
        }

        private static final ValueType STRING = ValueType.object("java.lang.String");
        private static final String INDEX = "java.lang.IndexOutOfBoundsException";
        private static final String STRING_INDEX = "java.lang.StringIndexOutOfBoundsException";

        /**
         * {@code System.exit(int)} (TeaVM has none), {@code Runtime.exit(int)} (TeaVM's does nothing)
         * and {@code Runtime.halt(int)} (TeaVM has none): each is {@code gg.Program.exit(status)},
         * which flushes {@code System.out} and ends the program through WASI's {@code proc_exit}
         * with that status. Made in the class library, not the program's text, so every way to
         * reach them (a qualified name, a method reference, a lambda, {@code Runtime.getRuntime()})
         * ends the program. One that is there with another shape fails the compile loudly.
         */
        private static void exit(ClassHolder cls, String name, boolean isStatic) {
            MethodDescriptor descriptor = new MethodDescriptor(name, ValueType.INTEGER, ValueType.VOID);
            MethodHolder method = cls.getMethod(descriptor);
            if (method == null) {
                method = new MethodHolder(descriptor);
                method.setLevel(AccessLevel.PUBLIC);
                if (isStatic) method.getModifiers().add(ElementModifier.STATIC);
                cls.addMethod(method);
            } else if (method.hasModifier(ElementModifier.STATIC) != isStatic) {
                throw new IllegalStateException(cls.getName() + "." + name + " is not the method ClasslibGaps edits");
            }
            method.getModifiers().remove(ElementModifier.NATIVE);
            org.teavm.model.Program program = new org.teavm.model.Program();
            program.createVariable(); // `this`, or the static method's unused first slot
            Variable status = program.createVariable();
            BasicBlock block = program.createBasicBlock();
            block.add(Checks.call(new MethodReference("gg.Program", "exit", ValueType.INTEGER, ValueType.VOID), null,
                    null, status));
            block.add(new ExitInstruction());
            method.setProgram(program);
        }

        /** {@code String.lines()}, which TeaVM lacks: {@code gg.Gaps.lines(this)}. */
        private static void lines(ClassHolder cls) {
            ValueType stream = ValueType.object("java.util.stream.Stream");
            MethodDescriptor descriptor = new MethodDescriptor("lines", stream);
            if (cls.getMethod(descriptor) != null) return;
            MethodHolder method = new MethodHolder(descriptor);
            method.setLevel(AccessLevel.PUBLIC);
            org.teavm.model.Program program = new org.teavm.model.Program();
            Variable self = program.createVariable();
            Variable result = program.createVariable();
            BasicBlock block = program.createBasicBlock();
            block.add(Checks.call(new MethodReference("gg.Gaps", "lines", STRING, stream), result, null, self));
            ExitInstruction exit = new ExitInstruction();
            exit.setValueToReturn(result);
            block.add(exit);
            method.setProgram(program);
            cls.addMethod(method);
        }

        /**
         * The JVM's message where TeaVM throws an index exception with none: in each method
         * {@code name} of {@code cls} with {@code ints} leading int parameters, {@code new E()}
         * (an {@code IndexOutOfBoundsException} or a subclass) becomes
         * {@code gg.Gaps.factory(those parameters, this.measure())}, which makes the exception the
         * JVM throws there ({@code thrown}) with its text. Only the throwing path changes.
         */
        private static void message(ClassHolder cls, String name, int ints, String factory, String measure,
                String thrown) {
            String suffix = thrown.endsWith("IndexOutOfBoundsException") ? "IndexOutOfBoundsException"
                    : thrown.substring(thrown.lastIndexOf('.') + 1);
            for (MethodHolder method : cls.getMethods()) {
                org.teavm.model.Program program = method.getProgram();
                if (!method.getName().equals(name) || program == null || method.hasModifier(ElementModifier.STATIC)
                        || method.parameterCount() < ints) continue;
                boolean fits = true;
                for (int i = 0; i < ints; i++) fits &= method.parameterType(i) == ValueType.INTEGER;
                if (!fits) continue;
                List<ConstructInstruction> made = new ArrayList<>();
                List<InvokeInstruction> inits = new ArrayList<>();
                for (BasicBlock block : program.getBasicBlocks()) {
                    for (Instruction insn : block) {
                        if (insn instanceof ConstructInstruction c && c.getType().endsWith(suffix)) {
                            made.add(c);
                        } else if (insn instanceof InvokeInstruction call && call.getMethod().getName().equals("<init>")
                                && call.getArguments().isEmpty() && call.getMethod().getClassName().endsWith(suffix)) {
                            inits.add(call);
                        }
                    }
                }
                for (ConstructInstruction c : made) {
                    InvokeInstruction init = null;
                    for (InvokeInstruction i : inits) {
                        if (i.getInstance() == c.getReceiver()) init = i;
                    }
                    if (init == null) continue;
                    Variable[] args = arguments(program, ints, measure, cls, c);
                    ValueType[] signature = new ValueType[args.length + 1];
                    Arrays.fill(signature, ValueType.INTEGER);
                    signature[args.length] = ValueType.object(thrown);
                    c.replace(Checks.call(new MethodReference("gg.Gaps", factory, signature), c.getReceiver(),
                            c.getLocation(), args));
                    init.delete();
                }
            }
        }

        /**
         * The method's {@code ints} leading int parameters, then {@code this.measure()} (called
         * just before {@code at}) unless {@code measure} is null.
         */
        private static Variable[] arguments(org.teavm.model.Program program, int ints, String measure, ClassHolder cls,
                Instruction at) {
            Variable[] args = new Variable[ints + (measure == null ? 0 : 1)];
            for (int i = 0; i < ints; i++) args[i] = program.variableAt(i + 1);
            if (measure != null) {
                Variable length = program.createVariable();
                InvokeInstruction measured = new InvokeInstruction();
                measured.setType(InvocationType.VIRTUAL);
                measured.setMethod(new MethodReference(cls.getName(), measure, ValueType.INTEGER));
                measured.setInstance(program.variableAt(0));
                measured.setReceiver(length);
                measured.setLocation(at.getLocation());
                at.insertPrevious(measured);
                args[ints] = length;
            }
            return args;
        }

        /**
         * Where TeaVM's check is elsewhere or differs from the JVM's: each method {@code name} of
         * {@code cls} with {@code ints} leading int parameters first calls
         * {@code gg.Gaps.check(those parameters, this.measure())}, which throws as the JVM does.
         */
        private static void checkFirst(ClassHolder cls, String name, int ints, String check, String measure) {
            for (MethodHolder method : cls.getMethods()) {
                org.teavm.model.Program program = method.getProgram();
                if (!method.getName().equals(name) || program == null || method.hasModifier(ElementModifier.STATIC)
                        || method.parameterCount() != ints) continue;
                boolean fits = true;
                for (int i = 0; i < ints; i++) fits &= method.parameterType(i) == ValueType.INTEGER;
                if (!fits) continue;
                BasicBlock entry = program.basicBlockAt(0);
                InvokeInstruction call = Checks.call(null, null, null);
                entry.addFirst(call);
                Variable[] args = arguments(program, ints, measure, cls, call);
                ValueType[] signature = new ValueType[args.length + 1];
                Arrays.fill(signature, ValueType.INTEGER);
                signature[args.length] = ValueType.VOID;
                call.setMethod(new MethodReference("gg.Gaps", check, signature));
                call.setArguments(args);
            }
        }

        /**
         * TeaVM's WASI file system resolves a relative path against a user directory of `/`; it
         * becomes the working directory gg names in PWD (`gg.Program.workingDirectory`).
         */
        private static void userDir(ClassHolder cls) {
            MethodHolder method = cls.getMethod(new MethodDescriptor("getUserDir", ValueType.object("java.lang.String")));
            if (method == null) return;
            org.teavm.model.Program program = new org.teavm.model.Program();
            program.createVariable(); // `this`
            Variable result = program.createVariable();
            BasicBlock block = program.createBasicBlock();
            InvokeInstruction call = new InvokeInstruction();
            call.setType(InvocationType.SPECIAL);
            call.setMethod(new MethodReference("gg.Program", "workingDirectory", ValueType.object("java.lang.String")));
            call.setReceiver(result);
            block.add(call);
            ExitInstruction exit = new ExitInstruction();
            exit.setValueToReturn(result);
            block.add(exit);
            method.setProgram(program);
        }
    }
}
