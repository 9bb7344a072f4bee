print("ripple: being written")
