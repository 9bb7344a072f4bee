/// A derived property of an entity: a read-only value computed from other properties, kept up to date
/// by the context (Core Data's `NSDerivedAttributeDescription`, generalised as in turbo-derive).
///
/// Derived values are readable like attributes (`value(forKey:)`, predicates, sort descriptors, section
/// keys), refuse writes with KVC's `setValue:forUndefinedKey:` wording, are not saved to the store and
/// are not part of `changedValues()`.
///
/// ```swift
/// let count = DerivedPropertyDescription(name: "orderCount", expression: "orders.@count")
/// let initial = DerivedPropertyDescription(name: "initial", dependsOn: ["name"]) { customer in
///     .string(String((try customer.value(forKey: "name").stringValue ?? "").prefix(1)).uppercased())
/// }
/// let customer = EntityDescription(name: "Customer", attributes: [name], relationships: [orders],
///                                  derivedProperties: [count, initial])
/// ```
public struct DerivedPropertyDescription {
    /// The key.
    public var name: String
    /// How the value is computed.
    public var derivation: Derivation

    /// Creates a derived property from a key-path expression such as `"orders.@sum.total"` or
    /// `"canonical:(name)"`.
    public init(name: String, expression: String) {
        self.name = name
        self.derivation = .expression(expression)
    }

    /// Creates a derived property computed by a function, recomputed when a `dependsOn` key path changes.
    public init(name: String, dependsOn: [String], _ body: @escaping (ManagedObject) throws -> Value) {
        self.name = name
        self.derivation = .function(dependsOn: dependsOn, body)
    }

    /// The key paths the value depends on.
    public var dependencies: [String] {
        switch derivation {
        case .expression(let text): return [DerivationExpression(text).keyPath]
        case .function(let keyPaths, _): return keyPaths
        }
    }
}

/// A parsed derivation expression: a key path and an optional string function.
struct DerivationExpression {
    /// Core Data's derived-attribute string functions.
    enum Function: String {
        case lowercase, uppercase, canonical
    }

    let function: Function?
    let keyPath: String
    /// The function name when the text looks like `name:(…)` but the name is unknown.
    let unknownFunction: String?

    init(_ text: String) {
        var function: Function? = nil
        var keyPath = text.trimmingSpaces()
        var unknown: String? = nil
        if let colon = keyPath.firstIndex(of: ":"), keyPath.hasSuffix(")") {
            let name = String(keyPath[..<colon])
            let rest = keyPath[keyPath.index(after: colon)...].trimmingSpaces()
            if rest.hasPrefix("(") {
                let inner = String(rest.dropFirst().dropLast()).trimmingSpaces()
                if let f = Function(rawValue: name) { function = f } else { unknown = name }
                keyPath = inner
            }
        }
        self.function = function
        self.keyPath = keyPath
        self.unknownFunction = unknown
    }

    /// Evaluates the expression on an object.
    func evaluate(on object: ManagedObject) throws -> Value {
        let value = try object.value(forKeyPath: keyPath)
        guard let function else { return value }
        guard case .string(let s) = value else { return value }
        switch function {
        case .lowercase: return .string(s.lowercased())
        case .uppercase: return .string(s.uppercased())
        case .canonical:
            var folded = String.UnicodeScalarView()
            folded.append(contentsOf: StringFolding.fold(s, [.caseInsensitive, .diacriticInsensitive]))
            return .string(String(folded))
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension Substring {
    func trimmingSpaces() -> String { String(self).trimmingSpaces() }
}
