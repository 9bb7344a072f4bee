print("ripple-bench: being written")
