import LuaBridge

/// A Swift error whose description is a fixed message.
struct MessageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Records whether its owner was deinitialised.
final class Flag {
    var value = false
}

/// Sets a flag when deinitialised, to prove Lua released it.
final class DeinitChecker {
    let flag: Flag
    var name = "Ann"
    var age = 41
    init(_ flag: Flag) { self.flag = flag }
    deinit { flag.value = true }
}

extension LuaState {
    /// Loads and runs `code` with chunk name `chunk`, keeping all results.
    func run(_ code: String, chunk: String = "=t") throws {
        setTop(0)
        try load(code, chunkName: chunk)
        try pcall(arguments: 0, results: LuaState.multipleResults)
    }

    /// Runs `code` and returns its first result as shown by `tostring`.
    func eval(_ code: String, chunk: String = "=t") throws -> String {
        try run(code, chunk: chunk)
        let result = try toStringMeta(at: 1)
        setTop(0)
        return result
    }
}

/// The error message of running `code` in `state`, or "no error".
func failure(_ state: LuaState, _ code: String) -> String {
    do {
        try state.run(code)
        return "no error"
    } catch {
        return (error as? LuaError)?.message ?? "\(error)"
    }
}
