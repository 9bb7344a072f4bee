// libFuzzer target for the conversion of Lua values to Swift values (ScriptEngine.value(at:)), compiled
// into the Scripting module by Scripts/fuzz/libfuzzer.sh (not part of the package). The input is a small
// stack program that builds Lua values: tables nested at any depth, shared and cyclic references, every
// scalar type, bridged objects. The value at the bottom of the stack is converted; a conversion that
// succeeds must push back and convert again to the same value. A crash or a sanitizer report is a finding.
import LuaBridge
import ObjectGraph

private let engine: ScriptEngine = {
    let engine = try! ScriptEngine()
    try! engine.run("""
        local m = ripple.model { Customer = { name = "string" } }
        FUZZ_OBJECT = ripple.container(m).viewContext:insert("Customer", { name = "Ann" })
        """)
    return engine
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func valueConversionFuzzTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let state = engine.state
    state.setTop(0)
    state.newTable()
    var i = 0
    func next() -> UInt8 {
        defer { i += 1 }
        return i < size ? data[i] : 0
    }
    while i < size && state.top < 180 {
        let op = next()
        switch op % 10 {
        case 0: state.newTable()
        case 1: state.push(Int(Int8(bitPattern: next())))
        case 2: state.push([Double.nan, .infinity, -.infinity, 1e308, -0.0, 0.5][Int(next()) % 6])
        case 3: state.push(String(repeating: "x", count: Int(next())))
        case 4: state.push(Int64.max - Int64(next()))
        case 5:  // store the top into the table below it (or into itself: a cycle), at a small index
            guard state.top >= 2 else { break }
            let below = state.type(at: -2) == .table ? state.top - 1 : 1
            if state.type(at: below) == .table { state.rawSet(tableAt: below, index: Int(next() % 4) + 1) } else { state.pop() }
        case 6:  // a copy of a lower value: shared or cyclic references
            state.pushValue(at: Int32(next()) % state.top + 1)
        case 7: state.push(next() % 2 == 0)
        case 8: state.getGlobal("FUZZ_OBJECT")
        default: state.pushNil()
        }
    }
    if let value = try? engine.value(at: 1) {
        engine.push(value)
        let again = try? engine.value(at: -1)
        if !containsNaN(value) && again != value { fatalError("value(at:) does not round-trip: \(value)") }
    }
    state.setTop(0)
    return 0
}

/// Whether a value holds a NaN anywhere (NaN payloads and signs need not survive a round trip).
private func containsNaN(_ value: Value) -> Bool {
    switch value {
    case .double(let d): return d.isNaN
    case .collection(let items): return items.contains(where: containsNaN)
    default: return false
    }
}
