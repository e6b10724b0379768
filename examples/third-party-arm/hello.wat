;; Writes a file and logs a line through the wire, then prints to stdout.
(module
  (import "gg-wire" "call" (func $call (param i32 i32 i32 i32) (result i32)))
  (import "wasi_snapshot_preview1" "fd_write" (func $fd_write (param i32 i32 i32 i32) (result i32)))
  (memory (export "memory") 1)
  (data (i32.const 0) "files.write_file")
  (data (i32.const 32) "{\"path\":\"from-wat.txt\",\"contents\":\"written by a third-party arm\"}")
  (data (i32.const 128) "feedback.log")
  (data (i32.const 160) "{\"line\":\"hello through the wire\"}")
  (data (i32.const 256) "hello on stdout\n")
  (func (export "_start")
    (drop (call $call (i32.const 0) (i32.const 16) (i32.const 32) (i32.const 65)))
    (drop (call $call (i32.const 128) (i32.const 12) (i32.const 160) (i32.const 33)))
    ;; one iovec at 512: {buf 256, len 16}
    (i32.store (i32.const 512) (i32.const 256))
    (i32.store (i32.const 516) (i32.const 16))
    (drop (call $fd_write (i32.const 1) (i32.const 512) (i32.const 1) (i32.const 520)))))
