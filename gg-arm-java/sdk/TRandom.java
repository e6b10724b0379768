// java.util.Random for TeaVM 0.13.1 programs: the linear congruential generator java.util.Random's
// documentation specifies (48-bit seed, multiplier 0x5DEECE66D, addend 0xB), so `new Random(42)`
// gives a program the numbers Java gives, run after run. TeaVM's own class ignores the seed and
// answers Math.random(); this one, in the SDK (ahead of TeaVM's class library on TeaVM's class
// path), is found in its place. The stream and range methods stay TeaVM's (RandomGenerator's
// defaults, built on these). Not for programs to name.
package org.teavm.classlib.java.util;

import org.teavm.classlib.java.io.TSerializable;
import org.teavm.classlib.java.lang.TObject;
import org.teavm.classlib.java.util.random.TRandomGenerator;

public class TRandom extends TObject implements TRandomGenerator, TSerializable {
    private static final long MULTIPLIER = 0x5DEECE66DL;
    private static final long ADDEND = 0xBL;
    private static final long MASK = (1L << 48) - 1;
    private static long uniquifier = 8682522807148012L;

    private long seed;
    private double nextNextGaussian;
    private boolean haveNextNextGaussian;

    public TRandom() {
        uniquifier *= 1181783497276652981L;
        seed = scramble(uniquifier ^ (long) (Math.random() * 0x1p53));
    }

    public TRandom(long seed) {
        this.seed = scramble(seed);
    }

    private static long scramble(long seed) {
        return (seed ^ MULTIPLIER) & MASK;
    }

    public void setSeed(long seed) {
        this.seed = scramble(seed);
        haveNextNextGaussian = false;
    }

    /** The generator's step: the next `bits` high bits of the 48-bit seed. */
    private int step(int bits) {
        seed = (seed * MULTIPLIER + ADDEND) & MASK;
        return (int) (seed >>> (48 - bits));
    }

    protected int next(int bits) {
        return step(bits);
    }

    /** Four bytes per step of the generator itself (a subclass's `next` may read bytes from here). */
    public void nextBytes(byte[] bytes) {
        for (int i = 0; i < bytes.length;) {
            for (int rnd = step(32), n = Math.min(bytes.length - i, 4); n-- > 0; rnd >>= 8) {
                bytes[i++] = (byte) rnd;
            }
        }
    }

    @Override
    public int nextInt() {
        return next(32);
    }

    @Override
    public int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive");
        }
        int r = next(31);
        int m = bound - 1;
        if ((bound & m) == 0) {
            return (int) ((bound * (long) r) >> 31);
        }
        for (int u = r; u - (r = u % bound) + m < 0; u = next(31)) {
            // rejected: u fell in the last, partial run of `bound` values
        }
        return r;
    }

    @Override
    public long nextLong() {
        return ((long) next(32) << 32) + next(32);
    }

    @Override
    public boolean nextBoolean() {
        return next(1) != 0;
    }

    @Override
    public float nextFloat() {
        return next(24) / (float) (1 << 24);
    }

    @Override
    public double nextDouble() {
        return (((long) next(26) << 27) + next(27)) * 0x1.0p-53;
    }

    @Override
    public double nextGaussian() {
        if (haveNextNextGaussian) {
            haveNextNextGaussian = false;
            return nextNextGaussian;
        }
        double v1;
        double v2;
        double s;
        do {
            v1 = 2 * nextDouble() - 1;
            v2 = 2 * nextDouble() - 1;
            s = v1 * v1 + v2 * v2;
        } while (s >= 1 || s == 0);
        double multiplier = StrictMath.sqrt(-2 * StrictMath.log(s) / s);
        nextNextGaussian = v2 * multiplier;
        haveNextNextGaussian = true;
        return v1 * multiplier;
    }
}
