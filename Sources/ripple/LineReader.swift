import CEdit

#if canImport(Glibc)
import Glibc
#endif

/// Reads the REPL's input: libedit (line editing, history, completion) on a terminal, plain lines
/// without prompts or escape codes otherwise.
protocol LineReader {
    /// The next line without its newline, or nil at end of input.
    mutating func readLine(prompt: String) -> String?
    /// Records a complete chunk in the history.
    mutating func addHistory(_ chunk: String)
    /// Saves the history (terminal only).
    func saveHistory()
}

/// Plain standard input: no prompt, no editing.
struct PlainLineReader: LineReader {
    mutating func readLine(prompt: String) -> String? { Swift.readLine(strippingNewline: true) }
    mutating func addHistory(_ chunk: String) {}
    func saveHistory() {}
}

/// The completion source libedit calls back into (one REPL per process).
nonisolated(unsafe) var completionSource: ((String) -> [String])?
nonisolated(unsafe) private var pendingCompletions: [String] = []

/// libedit's completion entry function: called with state 0 first, then 1, 2, … until it returns NULL.
private func completionEntry(_ text: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    if state == 0 {
        let word = text.map { String(cString: $0) } ?? ""
        pendingCompletions = completionSource?(word) ?? []
    }
    guard !pendingCompletions.isEmpty else { return nil }
    return strdup(pendingCompletions.removeFirst())
}

/// libedit's readline-compatible interface, with history in a dotfile.
struct EditLineReader: LineReader {
    let historyPath: String?

    init(historyPath: String?) {
        self.historyPath = historyPath
        rl_basic_word_break_characters = UnsafePointer(strdup(" \t\n\"'`@$><=;|&{(,+-*/%^#~[]"))
        rl_completion_append_character = 0
        rl_completion_entry_function = completionEntry
        stifle_history(1000)
        if let historyPath { _ = read_history(historyPath) }
    }

    mutating func readLine(prompt: String) -> String? {
        guard let line = readline(prompt) else { return nil }
        defer { free(line) }
        return String(cString: line)
    }

    mutating func addHistory(_ chunk: String) { _ = add_history(chunk) }

    func saveHistory() {
        if let historyPath { _ = write_history(historyPath) }
    }
}
