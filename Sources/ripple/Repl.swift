import ArgumentParser
import Scripting

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple repl [-i FILE]`: an interactive Lua prompt with the whole API loaded.
    struct Repl: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "An interactive Lua prompt with the whole Ripple API loaded.",
            discussion: """
            A line is first tried as an expression and its value printed; an incomplete chunk continues on a \
            '>>' prompt. Commands: :help [name], :trace on|off, :load FILE, :quit. Ctrl-C interrupts a running \
            chunk; Ctrl-D leaves. With standard input not a terminal, lines are read without prompts.
            """
        )

        @Option(name: .customShort("i"), help: "Run this file first, then stay in the REPL.")
        var file: String?
        @OptionGroup(title: "Limits and sandbox") var limits: ScriptOptions

        func run() throws {
            let session = try ReplSession(engine: ScriptEngine(options: limits.engineOptions(sandboxByDefault: false)))
            let interactive = isatty(0) == 1
            session.output = { print($0); fflush(stdout) }
            var reader: LineReader
            if interactive {
                let home = getenv("HOME").map { String(cString: $0) }
                reader = EditLineReader(historyPath: home.map { $0 + "/.ripple_history" })
                completionSource = { session.completions(for: $0) }
            } else {
                reader = PlainLineReader()
            }
            if let file {
                report(session.feed(":load " + file))
            }
            while true {
                guard let line = reader.readLine(prompt: interactive ? session.prompt : "") else {
                    if interactive { print("") }
                    break
                }
                let before = session.history.count
                let step = session.feed(line)
                if session.history.count > before, let chunk = session.history.last { reader.addHistory(chunk) }
                if step == .done { break }
                report(step)
            }
            reader.saveHistory()
        }

        private func report(_ step: ReplStep) {
            switch step {
            case .printed(let lines): for line in lines { print(line) }
            case .failed(let message): print(message)
            case .needMore, .done: break
            }
            fflush(stdout)
        }
    }
}
