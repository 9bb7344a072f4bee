/// T3 (Lua property access and calls), T4 (start-up) and T5 (memory per object).
enum LuaBenchmarks {
    static func run() throws {
        print("(Lua benchmarks: not written yet)")
    }
}
