# Session A, its workspace full: gg's own files operation writing 1 MiB fails with its code.
import gg

try:
    gg.files.write_file("big.txt", "y" * (1 << 20))
    print("WRITE ok")
except gg.ApiError as e:
    print(f"WRITE refused {e.code.value}: {e.message[:300]}")
