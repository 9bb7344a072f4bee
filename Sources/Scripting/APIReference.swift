/// The API reference parsed from ``LuaAnnotations``: one entry per annotated function and field, for the
/// REPL's `:help` and the completeness checks.
///
/// ```swift
/// let entry = APIReference.shared.entries.first { $0.name == "ManagedObjectContext:save" }
/// entry?.signature   // "ManagedObjectContext:save()"
/// ```
public struct APIReference: Sendable {
    /// One annotated name.
    public struct Entry: Sendable, Equatable {
        /// The qualified name: `ripple.model`, `ManagedObjectContext:save`, `ManagedObjectContext.name`,
        /// `scenario`.
        public var name: String
        /// The class or table that owns it (`""` for a global function).
        public var owner: String
        /// The bare member name (`save`).
        public var member: String
        /// `ripple.model(entities)` for a function, `ManagedObjectContext.name: string` for a field.
        public var signature: String
        /// The first sentence of its description.
        public var summary: String
        /// True for optional fields (`name?`): values the script provides, not bindings.
        public var isProvidedByScript: Bool
    }

    /// A `---@class` declaration.
    public struct ClassInfo: Sendable, Equatable {
        /// The class name.
        public var name: String
        /// The parent class (`userdata` for bridged classes), if any.
        public var parent: String?
        /// The class's description.
        public var summary: String
    }

    /// Every entry, in the order of the annotation file.
    public var entries: [Entry]
    /// Every class, in the order of the annotation file.
    public var classes: [ClassInfo]

    /// The reference of the built-in annotations.
    public static let shared = APIReference(parsing: LuaAnnotations.source)

    /// Parses LuaLS annotations: `---@class`, `---@field`, and `function Owner:method(…) end` /
    /// `function Owner.name(…) end` / `function global(…) end` with their preceding `---` description.
    public init(parsing source: String) {
        var entries: [Entry] = []
        var classes: [ClassInfo] = []
        var description: [String] = []
        var currentClass: String?
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.hasPrefix("---@class ") {
                let words = line.dropFirst("---@class ".count).split(separator: ":", maxSplits: 1)
                let name = words[0].trimmingCharacters(in: " ")
                let parent = words.count > 1 ? words[1].trimmingCharacters(in: " ") : nil
                classes.append(ClassInfo(name: name, parent: parent, summary: APIReference.firstSentence(description)))
                currentClass = name
                description = []
            } else if line.hasPrefix("---@field "), let owner = currentClass {
                let rest = line.dropFirst("---@field ".count)
                let parts = rest.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                // `---@field [string] any`: the open fields of a class are the script's, not members.
                guard parts.count == 2, !parts[0].hasPrefix("[") else { continue }
                var member = String(parts[0])
                let optional = member.hasSuffix("?")
                if optional { member.removeLast() }
                let (type, text) = APIReference.splitType(parts[1])
                entries.append(Entry(name: owner + "." + member, owner: owner, member: member,
                                     signature: "\(owner).\(member): \(type)",
                                     summary: APIReference.firstSentence([text]), isProvidedByScript: optional))
            } else if line.hasPrefix("function ") {
                let head = line.dropFirst("function ".count)
                guard let open = head.firstIndex(of: "("), let close = head.firstIndex(of: ")") else { continue }
                let qualified = String(head[..<open])
                let signature = String(head[...close])
                var owner = ""
                var member = qualified
                if let separator = qualified.lastIndex(where: { $0 == ":" || $0 == "." }) {
                    owner = String(qualified[..<separator])
                    member = String(qualified[qualified.index(after: separator)...])
                }
                entries.append(Entry(name: qualified, owner: owner, member: member, signature: signature,
                                     summary: APIReference.firstSentence(description), isProvidedByScript: false))
                description = []
            } else if line.hasPrefix("---@") {
                continue
            } else if line.hasPrefix("---") {
                description.append(String(line.dropFirst(3)))
            } else {
                if !line.hasPrefix("local ") && !line.hasPrefix("ripple = ") { currentClass = nil }
                if line.isEmpty { description = [] }
            }
        }
        self.entries = entries
        self.classes = classes
    }

    /// Splits `fun(a: A): B Text…` into the type (spaces inside brackets and after a colon kept) and the text.
    static func splitType(_ text: Substring) -> (String, String) {
        var depth = 0
        var previous: Character = " "
        for index in text.indices {
            let c = text[index]
            if "(<{[".contains(c) { depth += 1 }
            if ")>}]".contains(c) { depth -= 1 }
            if c == " ", depth == 0, previous != ":", previous != "," {
                return (String(text[..<index]), String(text[text.index(after: index)...]))
            }
            previous = c
        }
        return (String(text), "")
    }

    /// The first sentence of a description (up to the first ". " or the end of the first paragraph).
    static func firstSentence(_ lines: [String]) -> String {
        let text = lines.joined(separator: " ").trimmingCharacters(in: " ")
        var previous: Character = " "
        for index in text.indices {
            if text[index] == " ", previous == "." { return String(text[..<index]) }
            previous = text[index]
        }
        return text
    }

    /// The class named `name`, if annotated.
    public func classInfo(_ name: String) -> ClassInfo? { classes.first { $0.name == name } }

    /// `name` and its annotated ancestors, nearest first.
    public func lineage(of name: String) -> [String] {
        var result: [String] = []
        var next: String? = name
        while let current = next, !result.contains(current), let info = classInfo(current) {
            result.append(current)
            next = info.parent
        }
        return result
    }

    /// Whether `name` is a bridged class (it or an ancestor derives from `userdata`).
    public func isBridged(_ name: String) -> Bool {
        lineage(of: name).contains { classInfo($0)?.parent == "userdata" }
    }

    /// Whether entries of `owner` name bindings that must exist.
    public func isChecked(owner: String) -> Bool {
        owner.isEmpty || owner == "ripple" || owner == "Expectation" || isBridged(owner)
    }
}

extension StringProtocol {
    /// The text without leading and trailing `character`s.
    func trimmingCharacters(in character: Character) -> String {
        var s = Substring(self)
        while s.first == character { s.removeFirst() }
        while s.last == character { s.removeLast() }
        return String(s)
    }
}
