internal import CLua

/// An error raised by Lua code, or by loading a chunk, as seen from Swift.
///
/// Thrown by ``LuaState/pcall(arguments:results:traceback:)``, ``LuaState/load(_:chunkName:)`` and the
/// protected operations. When it carries a ``value`` (the original error object), throwing it from a Swift
/// function called from Lua re-raises that object unchanged.
///
/// ```swift
/// do { try state.load("x = = 1", chunkName: "=input") }
/// catch { print(error.message) }   // input:1: unexpected symbol near '='
/// ```
///
/// The ``description`` format (message, then a newline and the traceback if any) is documented but unstable.
public struct LuaError: Error, CustomStringConvertible, @unchecked Sendable {
    /// The kind of failure, mirroring Lua's status codes.
    public enum Status: Sendable, Equatable {
        /// A runtime error (`LUA_ERRRUN`).
        case runtime
        /// A syntax error while compiling (`LUA_ERRSYNTAX`).
        case syntax
        /// A memory error (`LUA_ERRMEM`).
        case memory
        /// An error while running the message handler (`LUA_ERRERR`).
        case handler
        /// A file could not be opened or read (`LUA_ERRFILE`).
        case file
    }

    /// What went wrong.
    public var status: Status
    /// The error message; for non-string error objects, their `__tostring` or `(error object is a X value)`.
    public var message: String
    /// The `stack traceback:` text, when the call used a traceback handler.
    public var traceback: String?
    /// The original Lua error object, so it can be re-raised unchanged (`nil` for syntax and file errors,
    /// and for calls made with a traceback handler). Only usable on the thread of its state.
    public var value: LuaRef?

    /// Creates an error; throw `LuaError(.runtime, "message")` from a Swift function to raise `message`
    /// with the calling Lua position prefixed.
    /// - Parameters:
    ///   - status: The kind of error.
    ///   - message: The message.
    ///   - traceback: An optional traceback text.
    ///   - value: An optional Lua error object to re-raise unchanged.
    public init(_ status: Status, _ message: String, traceback: String? = nil, value: LuaRef? = nil) {
        self.status = status
        self.message = message
        self.traceback = traceback
        self.value = value
    }

    /// A syntax error caused by the input ending early (the message ends in `<eof>`), as `lua.c`'s
    /// `incomplete` detects it; a REPL should read another line.
    public var isIncompleteInput: Bool {
        status == .syntax && message.hasSuffix("<eof>")
    }

    /// The message, followed by a newline and the traceback when there is one.
    public var description: String {
        if let traceback { return message + "\n" + traceback }
        return message
    }

    /// Maps a `lua_pcall`/`lua_load` status code.
    init(code: Int32, message: String, traceback: String? = nil, value: LuaRef? = nil) {
        let status: Status
        switch code {
        case LUA_ERRSYNTAX: status = .syntax
        case LUA_ERRMEM: status = .memory
        case LUA_ERRERR: status = .handler
        case LUA_ERRERR + 1: status = .file  // LUA_ERRFILE (a macro Swift cannot import)
        default: status = .runtime
        }
        self.init(status, message, traceback: traceback, value: value)
    }
}

/// A bad argument to a Swift function called from Lua.
///
/// Thrown by the argument helpers (``LuaState/integer(_:)`` …); the trampoline turns it into
/// `luaL_argerror`'s exact wording, e.g. `bad argument #1 to 'insert' (number expected, got string)`, or
/// `calling 'm' on bad self (Customer expected, got string)` for the receiver of a method call.
///
/// ```swift
/// throw LuaArgumentError(argument: 2, message: "invalid option 'x'")
/// ```
public struct LuaArgumentError: Error, CustomStringConvertible, Sendable {
    /// The 1-based argument position.
    public var argument: Int32
    /// The text in parentheses, e.g. `number expected, got string`.
    public var message: String

    /// Creates an argument error.
    /// - Parameters:
    ///   - argument: The 1-based argument position.
    ///   - message: The extra message shown in parentheses.
    public init(argument: Int32, message: String) {
        self.argument = argument
        self.message = message
    }

    /// `bad argument #N (message)`; the function name is only known inside Lua.
    public var description: String { "bad argument #\(argument) (\(message))" }
}
