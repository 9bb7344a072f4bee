@testable import RippleTools
@testable import Scripting
import Foundation
import Testing

private let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// Every integer a script gives the API, read from the API declarations (`LuaAnnotations.source`):
/// `Class:method param` / `ripple.function param` for `---@param name integer` (and `name?: integer` inside
/// an options table), `Class.field` for an optional or read/write `---@field name integer`.
func integerParameterKeys(in annotations: String) -> [String] {
    var keys: [String] = []
    var className: String?
    var params: [String] = []
    for raw in annotations.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = String(raw)
        if line.hasPrefix("---@class ") {
            className = line.dropFirst("---@class ".count).split(separator: " ").first.map(String.init)
            continue
        }
        if line.hasPrefix("---@param ") {
            let words = line.dropFirst("---@param ".count).split(separator: " ", maxSplits: 1)
            if words.count == 2 {
                let name = words[0].hasSuffix("?") ? String(words[0].dropLast()) : String(words[0])
                let type = words[1].split(separator: " ").first.map(String.init) ?? ""
                if ["integer", "integer?", "integer|integer[]"].contains(type) { params.append(name) }
                // options tables: `{ …, visibleItems?: integer }`
                for match in words[1].matches(of: #/(\w+)\?: integer\b/#) { params.append(String(match.1)) }
            }
            continue
        }
        if line.hasPrefix("function "), let open = line.firstIndex(of: "(") {
            let function = line[line.index(line.startIndex, offsetBy: "function ".count)..<open]
            keys += params.map { "\(function) \($0)" }
            params = []
            continue
        }
        if line.hasPrefix("---@field "), let className {
            let words = line.dropFirst("---@field ".count).split(separator: " ", maxSplits: 2)
            if words.count >= 2, words[1] == "integer" || words[1] == "integer?" {
                let optional = words[0].hasSuffix("?")
                let rest = words.count == 3 ? String(words[2]) : ""
                if optional || rest.contains("read/write") {
                    keys.append("\(className).\(optional ? String(words[0].dropLast()) : String(words[0]))")
                }
            }
        }
        if !line.hasPrefix("---") { params = [] }
    }
    return keys
}

@Suite struct IntegerArgumentCoverageTests {
    /// Scenario 123 calls every integer parameter with math.maxinteger, math.mininteger, -1 and 0; a new
    /// integer parameter must be added there (by its key) before this passes.
    @Test func everyIntegerParameterIsCalledWithExtremes() throws {
        let keys = integerParameterKeys(in: LuaAnnotations.source)
        #expect(keys.count >= 20)
        #expect(keys.contains("ripple.indexPath section"))
        #expect(keys.contains("CollectionView.visibleRows"))
        #expect(keys.contains("FetchRequest.fetchLimit"))
        let path = packageRoot + "/Scripts/scenarios/123-bad-input-integer-arguments.lua"
        let script = try String(contentsOfFile: path, encoding: .utf8)
        for key in keys {
            #expect(script.contains("case(\"\(key)\""), "\(key) is an integer parameter that scenario 123 does not call with extremes")
        }
    }

    /// The extremes run through the `ripple` executable's engine in the scenario tests; here, the parser
    /// of the declarations itself.
    @Test func theDeclarationParserReadsParametersFieldsAndOptions() {
        let keys = integerParameterKeys(in: """
        ---@class Thing : userdata
        ---@field count integer How many (read-only).
        ---@field window integer? The window (read/write).
        ---@field limit? integer An option.
        local Thing = {}

        ---@param section integer
        ---@param name string
        ---@param options? { size?: integer, name?: string }
        function Thing:method(section, name, options) end
        """)
        #expect(keys == ["Thing.window", "Thing.limit", "Thing:method section", "Thing:method size"])
    }
}
