import LuaBridge
import ObjectGraph

extension ScriptEngine {
    /// What a script may use: its instruction and memory budgets and whether it runs in the sandbox.
    ///
    /// ```swift
    /// let engine = try ScriptEngine(options: .init(instructionLimit: 1_000_000, memoryLimit: 64, sandbox: true))
    /// ```
    public struct Options: Sendable, Equatable {
        /// The default instruction budget of `ripple run`, `test` and `repl` (per file, per REPL chunk).
        public static let defaultInstructionLimit = 1_000_000_000
        /// The default memory limit of `ripple run`, `test` and `repl`, in megabytes.
        public static let defaultMemoryLimit = 1024

        /// VM instructions allowed per outermost call (a file, a REPL chunk); nil or 0: no limit.
        public var instructionLimit: Int?
        /// Megabytes of memory Lua may hold; nil or 0: no limit.
        public var memoryLimit: Int?
        /// Runs scripts without `io`, `debug`, `os.execute` and the other holes (see docs/test-runner.md).
        public var sandbox: Bool
        /// Whether fetched-results controllers check their invariants after every batch.
        public var checksInvariants: Bool
        /// Whether ``memoryLimit`` also counts the host memory made for the script (the process heap's
        /// growth beyond Lua's bytes, ``LuaState/countHostMemory(_:)``); for one engine per process.
        public var countsHostMemory = false

        /// Creates options; the defaults are those of the Swift API: no limits, no sandbox.
        public init(instructionLimit: Int? = nil, memoryLimit: Int? = nil, sandbox: Bool = false,
                    checksInvariants: Bool = false) {
            self.instructionLimit = instructionLimit
            self.memoryLimit = memoryLimit
            self.sandbox = sandbox
            self.checksInvariants = checksInvariants
        }
    }

    /// Creates an engine with limits and, optionally, the sandbox.
    /// - Throws: ``LuaError`` if the state cannot be created.
    public convenience init(options: Options) throws {
        let limit = options.instructionLimit.flatMap { $0 > 0 ? $0 : nil }
        try self.init(instructionLimit: limit, checksInvariants: options.checksInvariants, sandbox: options.sandbox)
        memoryLimitMegabytes = options.memoryLimit.flatMap { $0 > 0 ? $0 : nil }
        if let megabytes = memoryLimitMegabytes {
            state.setMemoryLimit(megabytes << 20)
            if options.countsHostMemory { state.countHostMemory() }
        }
    }

    /// The message of a scenario stopped by a limit, naming the limit and its flag (Lua's own memory error
    /// reads "not enough memory", the count hook's "instruction limit exceeded"); other messages unchanged.
    func memoryLimitMessage(_ message: String?) -> String? {
        guard let message else { return nil }
        if let limit = state.instructionLimitValue, message.contains("instruction limit exceeded"),
           !message.contains("--instruction-limit") {
            return message + " (\(limit) instructions; --instruction-limit N, 0 = none)"
        }
        guard let megabytes = memoryLimitMegabytes, message.hasPrefix("not enough memory") else { return message }
        _ = state.memoryLimitWasExceeded(reset: true)
        return "memory limit exceeded: the script holds more than \(megabytes) MB (--memory-limit MB, 0 = none)"
    }

    /// Runs `body` (one outermost Lua call: a file, a chunk) with a host-work budget equal to the
    /// instruction limit: fetches, sorts, SUBQUERY members and regular-expression steps charge it
    /// (``WorkBudget``), so a script cannot escape the limit by making Swift do the looping. Lua
    /// instructions and host work units are counted against the same number separately; either running
    /// out stops the script with a message naming the flag. No limit: no budget.
    /// The engine's regular-expression step limit (`ripple.regularExpressionStepLimit`) is in force meanwhile.
    func withHostWorkBudget<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outerSteps = RegularExpressionStepLimit.current
        RegularExpressionStepLimit.current = regularExpressionStepLimit
        defer { RegularExpressionStepLimit.current = outerSteps }
        guard let limit = state.instructionLimitValue, limit > 0 else { return try body() }
        let outer = WorkBudget.current
        WorkBudget.current = WorkBudget(limit: limit, message:
            "instruction limit exceeded: host work (fetches, sorts, regular expressions, descriptions, snapshots, observers, saves, derived properties) reached the budget of \(limit) units (--instruction-limit N, 0 = none)")
        defer { WorkBudget.current = outer }
        return try body()
    }

    /// `error` with the memory or instruction limit's message (naming the flag) when a limit caused it.
    func memoryLimitError(_ error: LuaError) -> LuaError {
        if error.status != .memory {
            guard let message = memoryLimitMessage(error.message), message != error.message else { return error }
            return LuaError(error.status, message, traceback: error.traceback)
        }
        let message = memoryLimitMessage(error.message) ?? error.message
        return LuaError(.memory, message, traceback: error.traceback)
    }

    /// Sets `ripple.sandbox` (read-only) and, when `enabled`, removes what a script someone sent you could
    /// use to take over the machine.
    func installSandbox(_ enabled: Bool) throws {
        isSandboxed = enabled
        _ = state.getGlobal("ripple")
        state.pushFunction { [unowned self] state in
            if let folder = self.scriptFolder { state.push(folder) } else { state.pushNil() }
            return 1
        }
        state.rawSet(tableAt: -2, key: "_scriptFolder")
        state.pop(1)
        try Prelude.loadSandbox(into: state)
        state.push(enabled)
        try state.pcall(arguments: 1, results: 0, traceback: true)
    }
}

/// The Lua half of the sandbox: runs once after the prelude (which keeps the `debug` functions it needs).
enum Sandbox {
    static let source = #"""
local enabled = ...
local ripple = ripple
local folderOf = ripple._scriptFolder
ripple._scriptFolder = nil
local flags = { sandbox = enabled }
setmetatable(ripple, {
  __index = flags,
  __newindex = function(t, k, v)
    if flags[k] ~= nil then error("ripple." .. tostring(k) .. " is read-only", 2) end
    rawset(t, k, v)
  end,
  __metatable = "ripple",
})
if not enabled then return end

local rawload, rawloadfile, error, type, string, package = load, loadfile, error, type, string, package
io = nil; debug = nil
package.loaded.io = nil; package.loaded.debug = nil
for _, name in ipairs { "execute", "remove", "rename", "exit", "tmpname", "getenv", "setlocale" } do os[name] = nil end
string.dump = nil
package.loadlib = nil
package.cpath = ""
package.path = ""
_G.dofile = nil
_G.loadfile = nil

_G.load = function(chunk, name, mode, env)
  if mode ~= nil and mode ~= "t" then
    error("bad argument #3 to 'load' (only text chunks are allowed in the sandbox)", 2)
  end
  return rawload(chunk, name, "t", env)
end

local loaded = package.loaded
local preload = package.preload
package.searchers = {}
require = function(name)
  if type(name) ~= "string" then error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2) end
  if loaded[name] ~= nil then return loaded[name] end
  if preload[name] then
    local value = preload[name](name, ":preload:")
    if value == nil then value = true end
    loaded[name] = value
    return value
  end
  if not string.match(name, "^[%w_]+$") and not string.match(name, "^[%w_]+[%w_%.]*[%w_]$") or string.find(name, "..", 1, true) then
    error("module '" .. name .. "' not found: the sandbox only loads Lua files under the script's folder", 2)
  end
  local folder = folderOf()
  if folder == nil then error("module '" .. name .. "' not found: no script folder (sandbox)", 2) end
  local path = folder .. "/" .. string.gsub(name, "%.", "/") .. ".lua"
  local fn, err = rawloadfile(path, "t")
  if not fn then
    error("module '" .. name .. "' not found: " .. tostring(err) .. " (the sandbox only loads Lua files under the script's folder)", 2)
  end
  local value = fn(name, path)
  if value == nil then value = true end
  if loaded[name] == nil then loaded[name] = value end
  return loaded[name]
end
"""#
}
