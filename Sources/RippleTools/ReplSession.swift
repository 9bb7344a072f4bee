import LuaBridge
import ObjectGraph
import Scripting

/// What the REPL should do after a line (`lua.c`'s read-eval-print loop, without terminal I/O).
public enum ReplStep: Equatable {
    /// The chunk is incomplete: show the continuation prompt (`>> `) and feed the next line.
    case needMore
    /// The chunk ran; these lines are its printed results (possibly none).
    case printed([String])
    /// A syntax or runtime error, traceback included; the session goes on.
    case failed(String)
    /// `:quit` (or end of input): leave.
    case done
}

/// The REPL's logic, testable line by line: `lua.c`'s rules (a line is first tried as
/// `return <line>`; an incomplete chunk continues; errors print with a traceback), pretty printing of
/// Ripple's values, tab completion, and the `:help`, `:trace`, `:load` and `:quit` commands.
///
/// ```swift
/// let session = try ReplSession()
/// session.feed("1 + 1")            // .printed(["2"])
/// session.feed("function f()")     // .needMore
/// ```
public final class ReplSession {
    /// The engine the lines run in.
    public let engine: ScriptEngine
    /// Complete chunks, for the history file (each once, without empty lines).
    public private(set) var history: [String] = []
    /// Lines printed by the chunk itself (Lua's `print`, the trace) since the last feed.
    public var output: ((String) -> Void)?
    /// Called as soon as a chunk (or `:load`) has run and Ctrl-C no longer interrupts Lua, so a terminal
    /// front end can catch it again at once (the default action would end the process).
    public var onInterruptsReleased: (() -> Void)?
    /// Called with each complete chunk as it enters ``history``, before it runs, so a history file can be
    /// written even when the chunk ends the process (`os.exit()`).
    public var onHistory: ((String) -> Void)?
    private var buffer: [String] = []
    private var tracing = false

    /// Creates a session over a new engine.
    public convenience init() throws {
        try self.init(engine: ScriptEngine())
    }

    /// Creates a session over an engine.
    public init(engine: ScriptEngine) {
        self.engine = engine
        engine.log.onLine = { [weak self] line in
            guard let self, self.tracing else { return }
            self.output?("· " + line)
        }
    }

    /// The prompt for the next line: `> `, or `>> ` inside an incomplete chunk.
    public var prompt: String { buffer.isEmpty ? "> " : ">> " }

    /// Feeds one line (without its newline).
    public func feed(_ line: String) -> ReplStep {
        if buffer.isEmpty, line.hasPrefix(":") {
            remember(line)  // commands are recalled like chunks (`:load FILE` again, `:trace on`)
            return command(line)
        }
        if buffer.isEmpty {
            var text = line
            if text.hasPrefix("=") { text = "return " + text.dropFirst() }
            // First try the line as an expression.
            if (try? engine.state.load("return " + text + ";", chunkName: "=stdin")) != nil {
                remember(line)
                return run()
            }
            buffer = [text]
        } else {
            buffer.append(line)
        }
        let chunk = buffer.joined(separator: "\n")
        do {
            try engine.state.load(chunk, chunkName: "=stdin")
        } catch {
            // `a = 1; a`: statements, then an expression whose value is printed.
            if let split = chunk.lastIndex(of: ";"),
               (try? engine.state.load(String(chunk[..<split]) + "; return " + String(chunk[chunk.index(after: split)...]) + ";",
                                       chunkName: "=stdin")) != nil {
                buffer = []
                remember(chunk)
                return run()
            }
            if error.isIncompleteInput { return .needMore }
            buffer = []
            remember(chunk)
            return .failed(error.message)
        }
        buffer = []
        remember(chunk)
        return run()
    }

    /// Abandons an incomplete chunk (Ctrl-C at a continuation prompt).
    public func cancelChunk() { buffer = [] }

    /// Whether lines of an incomplete chunk are waiting for more (the prompt is `>> `).
    public var hasIncompleteChunk: Bool { !buffer.isEmpty }

    /// The end of input (Ctrl-D, or the end of piped input): `.done` at the `> ` prompt; inside an
    /// incomplete chunk, `.failed` with Lua's own message for it (`stdin:2: 'end' expected near <eof>`, as
    /// `lua.c` prints), and the chunk is dropped and kept in the history so it can be recalled and finished.
    public func endOfInput() -> ReplStep {
        guard !buffer.isEmpty else { return .done }
        let chunk = buffer.joined(separator: "\n")
        buffer = []
        remember(chunk)
        do {
            try engine.state.load(chunk, chunkName: "=stdin")
            engine.state.pop()
            return .failed("incomplete chunk discarded")
        } catch {
            return .failed(error.message + " (incomplete chunk discarded)")
        }
    }

    /// Runs the function on top of the stack and formats its results.
    private func run() -> ReplStep {
        let state = engine.state
        let base = state.top - 1
        let resultsBefore = engine.results.count
        state.catchInterrupts(true)
        defer { state.catchInterrupts(false); onInterruptsReleased?() }
        do {
            try engine.withHostWorkBudget { () throws(LuaError) in  // per chunk, as a file's in run and test
                try state.pcall(arguments: 0, results: LuaState.multipleResults, traceback: true)
            }
        } catch {
            let error = engine.memoryLimitError(error)  // a limit's message names the limit and its flag
            return .failed(error.traceback.map { error.message + "\n" + $0 } ?? error.message)
        }
        // A scenario typed at the prompt reports as in `ripple run`: its pass/fail line (and message).
        var lines: [String] = engine.results.dropFirst(resultsBefore).flatMap { result -> [String] in
            if result.isPending { return ["◌ " + result.name + " (pending)"] }
            if result.passed { return ["✔ " + result.name] }
            return ["✘ " + result.name] + (result.message ?? "failed").split(separator: "\n", omittingEmptySubsequences: false)
                .map { "    " + $0 }
        }
        if state.top > base {
            var parts: [String] = []
            for i in (base + 1)...state.top { parts.append(engine.prettyDescription(at: i)) }
            lines.append(parts.joined(separator: "\t"))
        }
        state.setTop(base)
        return .printed(lines)
    }

    private func remember(_ chunk: String) {
        guard !chunk.isEmpty, !chunk.allSatisfy({ $0 == " " }) else { return }
        history.append(chunk)
        onHistory?(chunk)
    }

    // MARK: - Commands

    /// `:help people` for a variable of the session: the help of its value's class, under a line saying
    /// what the value is. Nil when `name` is not a readable expression or holds nil.
    private func helpOfValue(_ name: String) -> [String]? {
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        let state = engine.state
        let top = state.top
        defer { state.setTop(top) }
        guard (try? state.load("return " + name, chunkName: "=help")) != nil,
              (try? state.pcall(arguments: 0, results: 1)) != nil, state.type(at: -1) != .nil else { return nil }
        let typeName = state.typeName(at: -1)
        let description = engine.prettyDescription(at: state.top)
        var className = typeName
        if state.object(at: -1, as: ManagedObject.self) != nil { className = "ManagedObject" }
        let text = ReplHelp.text(for: className)
        guard text.first?.hasPrefix("no help for") != true else {
            return ["\(name) = \(description) (a \(typeName) value; :help lists the classes)"]
        }
        return ["\(name) = \(description), a \(typeName)" + (className != typeName ? " (\(className))" : "")] + text
    }

    private func command(_ line: String) -> ReplStep {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch words[0] {
        case ":quit", ":q":
            return .done
        case ":help":
            let name = words.count > 1 ? words[1] : nil
            let text = ReplHelp.text(for: name)
            if let name, text.first?.hasPrefix("no help for") == true, let described = helpOfValue(name) {
                return .printed(described)
            }
            return .printed(text)
        case ":trace":
            guard words.count > 1, words[1] == "on" || words[1] == "off" else {
                return .failed("usage: :trace on|off")
            }
            tracing = words[1] == "on"
            return .printed(["trace " + words[1]])
        case ":load":
            guard words.count > 1 else { return .failed("usage: :load FILE") }
            let before = engine.results.count
            // Ctrl-C stops a file that runs away, as it stops a chunk.
            engine.state.catchInterrupts(true)
            defer { engine.state.catchInterrupts(false); onInterruptsReleased?() }
            do {
                try engine.runFile(words[1])
            } catch let error as LuaError {
                return .failed(error.traceback.map { error.message + "\n" + $0 } ?? error.message)
            } catch {
                return .failed(String(describing: error))
            }
            let new = engine.results.dropFirst(before)
            let failed = new.filter { !$0.passed }.count
            return .printed(["loaded \(words[1])" + (new.isEmpty ? "" : " (\(new.count - failed) passed, \(failed) failed)")])
        default:
            return .failed("unknown command \(words[0]) (try :help)")
        }
    }
}
