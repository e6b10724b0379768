// Session B's reach through WASI preview1 imports the program declares itself (TeaVM's @Import):
// TeaVM's class library has no java.io files, no System.getenv and no java.net, so the program
// finds the preopened directories (fd_prestat_*), opens paths beneath them (path_open, fd_read,
// fd_readdir) and reads the environment (environ_get) the way a C library would. `PROBE ...: ok`
// for what it reached outside its workspace, `PROBE ...: denied ...` for what it did not.
import gg.*;
import java.nio.charset.StandardCharsets;
import java.util.*;
import org.teavm.interop.Address;
import org.teavm.interop.Import;

public class Main {
    static final String A_ROOT = "@@A_ROOT@@";
    static final String A_PARENT = "@@A_PARENT@@";
    static final String STATE_HOME = "@@STATE_HOME@@";
    static final String SERVER_HOME = "@@SERVER_HOME@@";
    static final String PORT = "@@PORT@@";

    static final String W = "wasi_snapshot_preview1";
    @Import(module = W, name = "fd_prestat_get") static native int prestatGet(int fd, Address prestat);
    @Import(module = W, name = "fd_prestat_dir_name") static native int prestatDirName(int fd, Address path, int len);
    @Import(module = W, name = "path_open") static native int pathOpen(int dirfd, int dirflags, Address path, int pathLen,
            int oflags, long rightsBase, long rightsInheriting, int fdflags, Address fd);
    @Import(module = W, name = "fd_read") static native int fdRead(int fd, Address iovs, int iovsLen, Address nread);
    @Import(module = W, name = "fd_readdir") static native int fdReaddir(int fd, Address buf, int bufLen, long cookie, Address used);
    @Import(module = W, name = "fd_close") static native int fdClose(int fd);
    @Import(module = W, name = "environ_sizes_get") static native int environSizesGet(Address count, Address size);
    @Import(module = W, name = "environ_get") static native int environGet(Address environ, Address buf);

    static final int OFLAGS_DIRECTORY = 2;
    static final long RIGHTS = (1L << 1) | (1L << 14); // fd_read, fd_readdir
    static final int FILETYPE_DIRECTORY = 3, FILETYPE_REGULAR = 4;

    /** The preopened directories: fd to name. */
    static final Map<Integer, String> PREOPENS = new LinkedHashMap<>();
    static int budget;

    static void findPreopens() {
        for (int fd = 3; fd < 64; fd++) {
            int[] prestat = new int[2];
            if (prestatGet(fd, Address.ofData(prestat)) != 0) break;
            byte[] name = new byte[prestat[1] + 1];
            prestatDirName(fd, Address.ofData(name), prestat[1]);
            PREOPENS.put(fd, new String(name, 0, prestat[1], StandardCharsets.UTF_8));
        }
    }

    /** Opens `path` beneath the preopen that holds it, as wasi-libc does: its fd, or -errno. */
    static int open(String path, boolean directory) {
        int best = -1;
        String rest = null;
        for (var p : PREOPENS.entrySet()) {
            String name = p.getValue();
            String prefix = name.endsWith("/") ? name : name + "/";
            if (path.equals(name) || path.startsWith(prefix)) {
                String r = path.equals(name) ? "." : path.substring(prefix.length());
                if (rest == null || r.length() < rest.length()) { best = p.getKey(); rest = r; }
            }
        }
        if (best < 0) return -44; // ENOENT: no preopen holds it
        byte[] rel = rest.isEmpty() ? ".".getBytes(StandardCharsets.UTF_8) : rest.getBytes(StandardCharsets.UTF_8);
        int[] fd = new int[1];
        int errno = pathOpen(best, 1, Address.ofData(rel), rel.length, directory ? OFLAGS_DIRECTORY : 0, RIGHTS, RIGHTS, 0, Address.ofData(fd));
        return errno == 0 ? fd[0] : -errno;
    }

    static String printable(byte[] b, int n) {
        StringBuilder o = new StringBuilder();
        for (int i = 0; i < n; i++) {
            int c = b[i] & 0xff;
            if (c >= 32 && c < 127 && c != '\\') o.append((char) c);
            else o.append(String.format("\\x%02x", c));
        }
        return o.toString();
    }

    static void read(String path) {
        int fd = open(path, false);
        if (fd < 0) { System.out.println("PROBE read " + path + ": denied errno " + -fd); return; }
        byte[] buf = new byte[4096];
        int[] iov = {Address.ofData(buf).toInt(), buf.length};
        int[] n = new int[1];
        int errno = fdRead(fd, Address.ofData(iov), 1, Address.ofData(n));
        fdClose(fd);
        if (errno != 0) System.out.println("PROBE read " + path + ": denied errno " + errno + " (fd_read)");
        else System.out.println("PROBE read " + path + ": ok \"" + printable(buf, Math.min(n[0], 200)) + "\"");
    }

    /** The entries of the directory `fd`: name to WASI file type. */
    static Map<String, Integer> entries(int fd) {
        Map<String, Integer> out = new TreeMap<>();
        byte[] buf = new byte[16384];
        long cookie = 0;
        while (true) {
            int[] used = new int[1];
            if (fdReaddir(fd, Address.ofData(buf), buf.length, cookie, Address.ofData(used)) != 0) return out;
            Address base = Address.ofData(buf);
            int at = 0;
            boolean whole = true;
            while (at + 24 <= used[0]) {
                long next = base.add(at).getLong();
                int len = base.add(at + 16).getInt();
                int type = base.add(at + 20).getByte();
                if (at + 24 + len > used[0]) { whole = false; break; }
                String name = new String(buf, at + 24, len, StandardCharsets.UTF_8);
                if (!name.equals(".") && !name.equals("..")) out.put(name, type);
                cookie = next;
                at += 24 + len;
            }
            if (whole && used[0] < buf.length) return out;
        }
    }

    static void walk(String top, int depth) {
        int fd = open(top, true);
        if (fd < 0) { System.out.println("PROBE list " + top + ": denied errno " + -fd); return; }
        Map<String, Integer> names = entries(fd);
        fdClose(fd);
        String joined = String.join(" ", names.keySet());
        System.out.println("PROBE list " + top + ": ok " + joined.substring(0, Math.min(joined.length(), 3000)));
        for (var e : names.entrySet()) {
            if (budget <= 0) return;
            budget--;
            String path = top + "/" + e.getKey();
            if (e.getValue() == FILETYPE_DIRECTORY) { if (depth > 0) walk(path, depth - 1); }
            else if (e.getValue() == FILETYPE_REGULAR) read(path);
        }
    }

    static void walkFrom(String top, int depth) {
        budget = 100;
        walk(top, depth);
    }

    static List<String> environment() {
        int[] count = new int[1], size = new int[1];
        environSizesGet(Address.ofData(count), Address.ofData(size));
        int[] pointers = new int[count[0] + 1];
        byte[] buf = new byte[size[0] + 1];
        environGet(Address.ofData(pointers), Address.ofData(buf));
        List<String> vars = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < size[0]; i++) {
            if (buf[i] == 0) { vars.add(new String(buf, start, i - start, StandardCharsets.UTF_8)); start = i + 1; }
        }
        Collections.sort(vars);
        return vars;
    }

    public static void main(String[] args) {
        findPreopens();
        System.out.println("preopens: " + PREOPENS.values());
        read(A_ROOT + "/secret.txt");
        read(A_ROOT + "/secret-own.txt");
        read("/proc/self/environ");
        read("/proc/self/cmdline");
        read("/etc/passwd");
        walkFrom(A_ROOT, 3);
        walkFrom(A_PARENT, 3);
        walkFrom(A_PARENT.substring(0, A_PARENT.lastIndexOf('/')), 0);
        walkFrom(STATE_HOME, 4);
        walkFrom(SERVER_HOME + "/.local/state", 4);
        // Beneath each preopen, a path that climbs out of it.
        for (var p : PREOPENS.entrySet()) {
            byte[] rel = ("../../../../../../../.." + A_ROOT + "/secret.txt").getBytes(StandardCharsets.UTF_8);
            int[] fd = new int[1];
            int errno = pathOpen(p.getKey(), 1, Address.ofData(rel), rel.length, 0, RIGHTS, RIGHTS, 0, Address.ofData(fd));
            if (errno == 0) { fdClose(fd[0]); System.out.println("PROBE escape from " + p.getValue() + ": ok opened"); }
            else System.out.println("PROBE escape from " + p.getValue() + ": denied errno " + errno);
        }
        for (String v : environment()) System.out.println("ENV " + v);
        System.out.println("NET tcp 127.0.0.1:" + PORT + ": unsupported TeaVM has no java.net, and WASI preview1 (this"
                + " arm's imports) has no call that opens or connects a socket (sock_accept/recv/send act only on"
                + " sockets the host hands over)");
    }
}
