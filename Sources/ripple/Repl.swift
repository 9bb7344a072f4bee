import CEdit
import ArgumentParser
import RippleTools
import Scripting

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple repl [-i FILE]`: an interactive Lua prompt with the whole API loaded.
    struct Repl: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repl",  // explicit: deriving it from the type name costs ~1M instructions at start-up
            abstract: "An interactive Lua prompt with the whole Ripple API loaded.",
            discussion: """
            A line is first tried as an expression and its value printed; an incomplete chunk continues on a \
            '>>' prompt. Commands: :help [name], :trace on|off, :load FILE, :quit. Ctrl-C clears the line (or \
            the incomplete chunk) and interrupts a running chunk; Ctrl-D leaves (on a '>>' line it reports the \
            incomplete chunk first). History is kept in ~/.ripple_history, saved after every chunk. With \
            standard input not a terminal, lines are read without prompts.
            """
        )

        @Option(name: .customShort("i"), help: "Run this file first, then stay in the REPL.")
        var file: String?
        @OptionGroup(title: "Limits and sandbox") var limits: ScriptOptions

        func run() throws {
            let session = try ReplSession(engine: ScriptEngine(options: limits.engineOptions(sandboxByDefault: false)))
            let interactive = isatty(0) == 1
            session.output = { print($0); fflush(ripple_stdout()) }
            var reader: LineReader
            if interactive {
                let home = getenv("HOME").map { String(cString: $0) }
                let editor = EditLineReader(historyPath: home.map { $0 + "/.ripple_history" })
                session.onInterruptsReleased = { editor.catchInterrupts() }
                reader = editor
                completionSource = { session.completions(for: $0) }
            } else {
                reader = PlainLineReader()
            }
            // Each chunk goes to the history file as it is entered, before it runs.
            session.onHistory = { reader.addHistory($0) }
            if let file {
                report(session.feed(":load " + file))
            }
            while true {
                switch reader.readLine(prompt: interactive ? session.prompt : "") {
                case .line(let line):
                    let step = session.feed(line)
                    if step == .done { return }
                    report(step)
                case .interrupted:
                    session.cancelChunk()
                case .endOfInput:
                    if interactive { print("") }       // after libedit's "^D"
                    let step = session.endOfInput()
                    report(step)
                    if step == .done || !interactive { return }
                case .terminated(let signal):
                    throw ExitCode(128 + signal)
                }
            }
        }

        private func report(_ step: ReplStep) {
            switch step {
            case .printed(let lines): for line in lines { print(line) }
            case .failed(let message): print(message)
            case .needMore, .done: break
            }
            fflush(ripple_stdout())
        }
    }
}
