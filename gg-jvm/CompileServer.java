// gg's compile server: a JVM that loads a compiler's jars once and serves compile requests over a
// Unix socket, so each program pays for a warm compiler instead of a cold JVM. Language-free: the
// compiler is any class with `exec(java.io.PrintStream, String...)` returning an object (an exit
// code enum with `getCode()`, an Integer, or anything whose `toString()` is a number).
//
// Usage: CompileServer SOCKET IDLE_SECS MAX_REQUESTS CLASS
// Protocol (gg-core's `daemon` module): one request a connection. The client writes the argument
// count on a line, then each argument on its own line; the server says `+` on a line once it has
// them all, then answers with the exit code on a line, then the compiler's output, and closes (a
// client that reads the `+` and no answer knows the server died on its request). It retires (removes its socket, exits) after
// IDLE_SECS without a request or after MAX_REQUESTS requests, and at once when a client hangs up
// before its answer: a compile that outlived its caller's deadline is not left running.
import java.io.*;
import java.lang.reflect.Method;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;

public final class CompileServer {
    private static final Object LOCK = new Object();
    private static volatile long lastUse = System.nanoTime();
    private static volatile boolean busy = false;

    public static void main(String[] argv) throws Exception {
        Path socket = Paths.get(argv[0]);
        long idleNanos = Long.parseLong(argv[1]) * 1_000_000_000L;
        int maxRequests = Integer.parseInt(argv[2]);
        Class<?> cls = Class.forName(argv[3]);
        Method exec = cls.getMethod("exec", PrintStream.class, String[].class);

        Files.deleteIfExists(socket);
        ServerSocketChannel server = ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));

        Thread watchdog = new Thread(() -> {
            while (true) {
                try { Thread.sleep(1000); } catch (InterruptedException e) { return; }
                synchronized (LOCK) {
                    if (!busy && System.nanoTime() - lastUse > idleNanos) retire(socket, 0);
                }
                // The socket file gone (removed, or replaced by another server): nobody can reach us.
                if (!Files.exists(socket)) retire(null, 0);
            }
        });
        watchdog.setDaemon(true);
        watchdog.start();

        int served = 0;
        while (true) {
            SocketChannel ch = server.accept();
            synchronized (LOCK) { busy = true; }
            boolean request = false;
            try (ch) {
                request = serve(ch, cls, exec, socket);
            } catch (Throwable t) {
                t.printStackTrace();
                request = true;
            } finally {
                synchronized (LOCK) { busy = false; lastUse = System.nanoTime(); }
            }
            // A connection that sent nothing was a client asking whether we are up.
            if (request) served++;
            if (served >= maxRequests) retire(socket, 0);
        }
    }

    private static void retire(Path socket, int code) {
        try { if (socket != null) Files.deleteIfExists(socket); } catch (IOException e) { /* exiting anyway */ }
        Runtime.getRuntime().halt(code);
    }

    /** Serves one connection; false when it closed without a request. */
    private static boolean serve(SocketChannel ch, Class<?> cls, Method exec, Path socket) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(ch), StandardCharsets.UTF_8));
        String count = in.readLine();
        if (count == null) return false;
        int n = Integer.parseInt(count.trim());
        String[] args = new String[n];
        for (int i = 0; i < n; i++) args[i] = in.readLine();
        ch.write(ByteBuffer.wrap("+\n".getBytes(StandardCharsets.UTF_8)));
        // The client sends nothing more: end of stream before the answer means it gave up.
        java.util.concurrent.atomic.AtomicBoolean answered = new java.util.concurrent.atomic.AtomicBoolean(false);
        Thread hangup = new Thread(() -> {
            try {
                while (in.read() >= 0) { /* nothing more is expected */ }
            } catch (IOException e) {
                // Closed under us: by our own answer, or by the client.
            }
            if (!answered.get()) retire(socket, 0);
        });
        hangup.setDaemon(true);
        hangup.start();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(buf, true, StandardCharsets.UTF_8);
        int code;
        try {
            Object result = exec.invoke(cls.getConstructor().newInstance(), out, args);
            code = exitCode(result);
        } catch (java.lang.reflect.InvocationTargetException e) {
            e.getCause().printStackTrace(out);
            code = 70;
        } catch (Throwable t) {
            t.printStackTrace(out);
            code = 70;
        }
        out.flush();
        answered.set(true);
        byte[] head = (code + "\n").getBytes(StandardCharsets.UTF_8);
        ch.write(ByteBuffer.wrap(head));
        ByteBuffer body = ByteBuffer.wrap(buf.toByteArray());
        while (body.hasRemaining()) ch.write(body);
        return true;
    }

    private static int exitCode(Object result) throws Exception {
        if (result instanceof Integer) return (Integer) result;
        try {
            return (Integer) result.getClass().getMethod("getCode").invoke(result);
        } catch (NoSuchMethodException e) {
            return Integer.parseInt(result.toString().trim());
        }
    }
}
