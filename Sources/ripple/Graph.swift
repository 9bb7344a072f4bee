import CEdit
import ArgumentParser
import Scripting

#if canImport(Glibc)
import Glibc
#endif

extension Ripple {
    /// `ripple graph FILE.lua [--format dot|mermaid|svg] [--output FILE]`: pictures of the models and the
    /// screens a script builds.
    struct Graph: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "graph",  // explicit: deriving it from the type name costs ~1M instructions at start-up
            abstract: "Draw the models and the screen stacks a Lua script builds (Graphviz DOT, Mermaid or SVG).",
            discussion: """
            Runs the script (its scenarios too, without printing them; its print goes to standard error), then draws every model it made with \
            ripple.model (entities, attributes, relationships with inverses and delete rules, derived \
            dependencies) and every window it made with ripple.window (root, stacks, tabs, children, \
            presentations, objects they depend on through dvc_add), and how its fetched-results controllers \
            reach its views (delegate, the view controller that keeps them, shows, dataSource), as they are when \
            the script ends, or with --at N as they were at step N of the script's report (ripple run \
            --report numbers the steps). dot: one digraph, a cluster per model, per window and for the wiring. mermaid: \
            Markdown, one ```mermaid block per model (erDiagram), per window and for the wiring (flowcharts). \
            svg: the DOT rendered by Graphviz's dot, which must be on PATH (Debian: apt-get install graphviz).
            Instead of a script, FILE may be an Xcode model (a .xcdatamodeld bundle, a .xcdatamodel folder or \
            its contents file): the model ripple.loadModel reads is drawn, its warnings printed to standard error.
            """
        )

        /// The output formats.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case dot, mermaid, svg
        }

        @Argument(help: "The Lua script that builds the model and the screens, or an Xcode model (.xcdatamodeld, .xcdatamodel, contents).",
                  completion: .file())
        var file: String

        @Option(help: ArgumentHelp("dot, mermaid or svg.", valueName: "format"))
        var format: Format = .dot

        @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"),
                completion: .file())
        var output: String?

        /// Whether the path names an Xcode model rather than a script.
        static func isXcodeModel(_ path: String) -> Bool {
            var trimmed = path
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
            return trimmed.hasSuffix(".xcdatamodeld") || trimmed.hasSuffix(".xcdatamodel") || trimmed.hasSuffix("/contents")
                || trimmed == "contents"
        }

        /// A Lua string literal of any text (every byte outside letters and digits escaped as `\ddd`).
        static func luaString(_ text: String) -> String {
            var out = "\""
            for byte in text.utf8 {
                if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) {
                    out.append(Character(Unicode.Scalar(byte)))
                } else {
                    out += "\\" + String(byte)
                }
            }
            return out + "\""
        }

        @Option(help: ArgumentHelp("Draw the windows and the wiring as they were at step N of the script's report (ripple run --report numbers the steps) instead of at its end.", valueName: "step"))
        var at: Int?

        func validate() throws {
            if let at, at < 1 { throw ValidationError("--at takes a step number, 1 or more") }
        }

        /// The picture (DOT, or Mermaid Markdown) of what the engine holds now.
        private func draw(_ engine: ScriptEngine) -> String {
            let models = engine.createdModels
            let windows = engine.createdWindows
            let wiring = engine.report?.wiring() ?? GraphWiring()
            guard format == .mermaid else { return GraphWriter.dot(models: models, windows: windows, wiring: wiring) }
            var text = ""
            for model in models { text += "```mermaid\n" + GraphWriter.model(model, format: .mermaid) + "```\n" }
            for window in windows { text += "```mermaid\n" + GraphWriter.screens(window, format: .mermaid) + "```\n" }
            if !wiring.isEmpty { text += "```mermaid\n" + wiring.mermaid + "```\n" }
            return text
        }

        func run() throws {
            let engine = try ScriptEngine()
            var drawnAtStep: String?
            do {
                // The picture owns standard output: the script's print goes to standard error.
                try engine.run("""
                    local tostring, select, concat, stderr = tostring, select, table.concat, io.stderr
                    function print(...)
                      local parts = {}
                      for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
                      stderr:write(concat(parts, "\\t"), "\\n")
                    end
                    """, chunkName: "=graph")
                if Self.isXcodeModel(file) {
                    try engine.run("""
                        local _, warnings = ripple.loadModel(\(Self.luaString(file)))
                        for _, w in ipairs(warnings) do io.stderr:write("warning: ", w, "\\n") end
                        """, chunkName: "=graph")
                } else {
                    // Follows the views and fetched-results controllers the script makes, for the wiring.
                    let recorder = engine.startReport(file: file)
                    recorder.recordsSteps = at != nil
                    if let at {
                        recorder.onStep = { [unowned engine] n in if n == at { drawnAtStep = draw(engine) } }
                    }
                    try engine.runFile(file)
                    recorder.finish(error: nil)
                }
            } catch {
                printError("error: \(error)")
                throw ExitCode(1)
            }
            let failed = engine.results.filter { !$0.passed }.count
            if failed > 0 {
                printError("note: \(failed) scenario\(failed == 1 ? "" : "s") of \(file) failed (ripple run \(file) shows them); drawing anyway")
            }
            if engine.createdModels.isEmpty && engine.createdWindows.isEmpty && (engine.report?.wiring().isEmpty ?? true) {
                printError("error: \(file) made no model (ripple.model) and no window (ripple.window): nothing to draw")
                throw ExitCode(1)
            }
            var text: String
            if let at {
                guard let drawn = drawnAtStep else {
                    let count = engine.report?.steps.count ?? 0
                    printError("error: --at \(at): \(file) has \(count) step\(count == 1 ? "" : "s") (ripple run --report \(file) numbers them)")
                    throw ExitCode(1)
                }
                text = drawn
            } else {
                text = draw(engine)
            }
            if format == .svg { text = try renderSVG(text) }
            if let output {
                try writeFile(output, text)
            } else {
                print(text, terminator: "")
            }
        }

        private func printError(_ line: String) {
            fputs(line + "\n", ripple_stderr())
        }
    }
}

/// Renders DOT to SVG with Graphviz's `dot -Tsvg` (found on PATH).
func renderSVG(_ dot: String) throws -> String {
    guard let dotPath = findExecutable("dot") else {
        throw ValidationError("--format svg needs Graphviz's dot on PATH (Debian: apt-get install graphviz); --format dot writes the source")
    }
    var inPipe: [Int32] = [0, 0]
    var outPipe: [Int32] = [0, 0]
    guard pipe(&inPipe) == 0, pipe(&outPipe) == 0 else { throw ValidationError("cannot run dot: no pipe") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_addclose(&actions, inPipe[1])
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    var arguments = [strdup("dot"), strdup("-Tsvg"), nil]
    defer { for p in arguments { free(p) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, dotPath, &actions, nil, &arguments, environ)
    close(inPipe[0])
    close(outPipe[1])
    guard spawned == 0 else {
        close(inPipe[1]); close(outPipe[0])
        throw ValidationError("cannot run \(dotPath): \(String(cString: strerror(spawned)))")
    }
    // The whole input is written first: dot reads all of it before it writes anything.
    let bytes = Array(dot.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBufferPointer { write(inPipe[1], $0.baseAddress, $0.count) }
        if n <= 0 { break }
        offset += n
    }
    close(inPipe[1])
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(outPipe[0], &chunk, chunk.count)
        if n <= 0 { break }
        result += chunk[0..<n]
    }
    close(outPipe[0])
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    guard status == 0 else { throw ValidationError("dot failed (status \(status >> 8)) on the generated graph") }
    return String(decoding: result, as: UTF8.self)
}

/// The first executable called `name` in the PATH's folders.
func findExecutable(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = folder + "/" + name
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}
