@testable import RippleTools
@testable import Scripting
import Testing
import Foundation

/// The other direction of APICompletenessTests: every Lua name the documentation gives a reader has an
/// annotation, so the editor's types match the docs.
@Suite struct DocumentedNamesTests {
    private static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// Names written `ripple.NAME` in the docs that are not names of the module: the generated file
    /// `types/ripple.lua`, and the misspellings shown as errors.
    static let notNames: Set<String> = ["lua", "fetchedResultController", "tableview"]

    /// Every `ripple.NAME` (not `_private`) in docs/*.md and the README, sorted.
    static func documentedModuleNames() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }
        var names = Set<String>()
        for path in docs.map({ root + "/docs/" + $0 }) + [root + "/README.md"] {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            var rest = Substring(text)
            while let range = rest.firstRange(of: "ripple.") {
                let before = range.lowerBound == rest.startIndex ? " " : rest[rest.index(before: range.lowerBound)]
                let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !(before.isLetter || before.isNumber || before == "_" || before == "."), !name.isEmpty,
                   !name.hasPrefix("_"), !notNames.contains(String(name)) {
                    names.insert(String(name))
                }
                rest = rest[range.upperBound...]
            }
        }
        return names.sorted()
    }

    @Test("every ripple.NAME the docs mention is annotated (a function or a field of the ripple class)")
    func moduleNamesAreAnnotated() throws {
        let source = LuaAnnotations.source
        let missing = try Self.documentedModuleNames().filter { name in
            !source.contains("function ripple.\(name)(") && !source.contains("---@field \(name) ")
        }
        #expect(missing.isEmpty, "documented but not annotated: \(missing)")
    }

    @Test("every matcher the docs list (`:toX(…)`) is annotated on Expectation")
    func matchersAreAnnotated() throws {
        let text = try String(contentsOfFile: Self.root + "/docs/lua-api.md", encoding: .utf8)
        var matchers = Set<String>()
        var rest = Substring(text)
        while let range = rest.firstRange(of: "`:to") {
            let name = "to" + rest[range.upperBound...].prefix { $0.isLetter }
            matchers.insert(name)
            rest = rest[range.upperBound...]
        }
        #expect(matchers.contains("toShow") && matchers.contains("toBeCloseTo"))
        let missing = matchers.filter { !LuaAnnotations.source.contains("function Expectation:\($0)(") }.sorted()
        #expect(missing.isEmpty, "documented but not annotated: \(missing)")
    }

    @Test("the documented pattern types: a view controller as its table's data source and its controller's delegate")
    func viewControllerPattern() {
        let source = LuaAnnotations.source
        for field in ["---@field tableView? TableView", "---@field numberOfRowsInSection? fun(self: ViewController",
                      "---@field cellForRowAtIndexPath? fun(self: ViewController", "---@field didChangeObject? fun(self: ViewController",
                      "---@field sandbox boolean"] {
            #expect(source.contains(field), "\(field)")
        }
        #expect(source.contains("---@class TableView : CollectionView"))
        #expect(source.contains("---@return TableView\nfunction ripple.tableView(options) end"))
        #expect(source.contains("---@field dataSource ScriptDataSource|ViewController|"))
        #expect(source.contains("---@field delegate FetchedResultsControllerDelegate|ViewController|nil"))
    }
}
