import RippleRunner
import Scripting
import Testing

private let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// A fenced ```lua block of a document under docs/ (or the README).
struct DocumentationExample: CustomTestStringConvertible, Sendable {
    let file: String
    let line: Int
    let code: String
    var testDescription: String { "\(file):\(line)" }
}

private func readFile(_ path: String) -> String? {
    guard let handle = fopen(path, "r") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buffer, 1, buffer.count, handle)
        if n <= 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Every ```lua block in docs/*.md and README.md; blocks fenced as ```lua norun are skipped.
private let examples: [DocumentationExample] = {
    let docs = ((try? ScenarioFiles.markdownFiles(in: packageRoot + "/docs")) ?? []) + [packageRoot + "/README.md"]
    var result: [DocumentationExample] = []
    for path in docs {
        guard let text = readFile(path) else { continue }
        let name = String(path.dropFirst(packageRoot.count + 1))
        var inBlock = false
        var start = 0
        var lines: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if !inBlock && line.trimmingPrefixSpaces() == "```lua" {
                inBlock = true
                start = number + 2
                lines = []
            } else if inBlock && line.trimmingPrefixSpaces() == "```" {
                inBlock = false
                result.append(DocumentationExample(file: name, line: start, code: lines.joined(separator: "\n")))
            } else if inBlock {
                lines.append(String(line))
            }
        }
    }
    return result
}()

extension Substring {
    func trimmingPrefixSpaces() -> Substring { drop(while: { $0 == " " }) }
}

#if canImport(Glibc)
import Glibc
#endif

/// Every Lua example in the documentation runs, and every scenario it declares passes.
@Suite struct DocumentationExampleTests {
    @Test("the documentation has examples")
    func thereAreExamples() { #expect(examples.count >= 10) }

    @Test("documentation example", arguments: examples)
    func example(_ example: DocumentationExample) throws {
        let engine = try ScriptEngine(instructionLimit: 50_000_000, checksInvariants: true)
        do {
            try engine.run(example.code, chunkName: "@" + example.testDescription)
        } catch {
            Issue.record("\(example.testDescription): \(error)")
        }
        for result in engine.results where !result.passed {
            Issue.record("\(example.testDescription) › \(result.name): \(result.message ?? "failed")")
        }
    }
}
