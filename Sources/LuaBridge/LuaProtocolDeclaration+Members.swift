/// The member vocabulary of protocol declarations, shared with class declarations: a name, required or
/// optional, typed parameters (``LuaParameterDeclaration``, as a class method's), a result type and a doc
/// line. From it come the protocol's LuaLS annotations (and so the REPL's `:help`), the typo check of an
/// object given the role (``LuaProtocolDeclaration/problem(name:type:)``) and, for a protocol bridged
/// classes adopt, their method declarations (``LuaClassDeclaration/adopting(_:_:)``).
///
/// ```swift
/// let source = LuaProtocolDeclaration("UITableViewDataSource", "A table view's data source.", [
///     .required("numberOfRowsInSection", "The rows of a section.",
///               [.init("view", "CollectionView"), .init("section", "integer")], returns: "integer"),
///     .optional("titleForHeaderInSection", "A header title, or nil.",
///               [.init("view", "CollectionView"), .init("section", "integer")], returns: "string?"),
/// ])
/// source.annotations   // ---@class UITableViewDataSource / ---@field numberOfRowsInSection fun(view: …): integer …
/// ```
extension LuaProtocolDeclaration {
    /// Who implements a protocol's members.
    public enum Conformer: Sendable {
        /// A Lua object given a role (a delegate, a data source): the annotations describe a table whose
        /// fields are functions (`---@field name? fun(…)`), not bindings.
        case script
        /// Bridged classes (``LuaClassDeclaration/adopting(_:_:)``): the annotations describe a userdata
        /// class with a method stub per member, which the classes adopting it inherit.
        case bridgedClasses
    }

    /// Creates a declaration with a summary.
    /// - Parameters:
    ///   - name: The protocol's name as Cocoa spells it, or the name of a shared group of members.
    ///   - summary: Who plays it, in a sentence or two.
    ///   - conformer: Who implements the members.
    ///   - members: The members, in the documented order.
    public init(_ name: String, _ summary: String, conformer: Conformer = .script, _ members: [Member]) {
        self.init(name, members)
        self.summary = summary
        self.conformer = conformer
    }
}

extension LuaProtocolDeclaration.Member {
    /// A method the caller fails without.
    public static func required(_ name: String, _ doc: String, _ parameters: [LuaParameterDeclaration] = [],
                                returns: String? = nil) -> Self {
        .init(name, .required, doc, parameters: parameters, returns: returns)
    }

    /// A method with a default when missing.
    public static func optional(_ name: String, _ doc: String, _ parameters: [LuaParameterDeclaration] = [],
                                returns: String? = nil) -> Self {
        .init(name, .optional, doc, parameters: parameters, returns: returns)
    }

    /// A member holding a value of annotation type `type` (read as it is, not called).
    public static func value(_ name: String, type: String, _ doc: String,
                             _ requirement: LuaProtocolDeclaration.Requirement = .optional) -> Self {
        var member = Self(name, requirement, doc, kind: .value)
        member.returnType = type
        return member
    }

    /// Creates a method member with typed parameters and a result.
    public init(_ name: String, _ requirement: LuaProtocolDeclaration.Requirement, _ doc: String,
                parameters: [LuaParameterDeclaration], returns: String?) {
        self.init(name, requirement, doc)
        self.parameters = parameters
        self.returnType = returns
    }

    /// The member's type as a field of a script object: `fun(view: CollectionView, section: integer): integer`,
    /// or the value's type.
    public var fieldType: String {
        if kind == .value { return returnType ?? "any" }
        let parameters = parameters.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        return "fun(\(parameters))" + (returnType.map { ": " + $0 } ?? "")
    }
}

extension LuaProtocolDeclaration {
    /// The protocol's LuaLS annotations. A script protocol is a class of fields, `---@field name? fun(…)`
    /// (no `?` for a required member); a protocol of bridged classes is a userdata class with a
    /// `function Name:member(…) end` stub per method, each with its `---@param`s and `---@return`.
    public var annotations: String {
        var lines = summary.split(separator: "\n").map { "---" + $0 }
        switch conformer {
        case .script:
            lines.append("---@class \(name)")
            for member in members {
                let optional = member.requirement == .optional ? "?" : ""
                lines.append("---@field \(member.name)\(optional) \(member.fieldType)" + (member.doc.isEmpty ? "" : " " + member.doc))
            }
        case .bridgedClasses:
            lines.append("---@class \(name) : userdata")
            lines.append("local \(name) = {}")
            for member in members {
                lines.append("")
                lines += member.doc.split(separator: "\n").map { "---" + $0 }
                for parameter in member.parameters { lines.append("---@param \(parameter.name) \(parameter.type)") }
                if let result = member.returnType { lines.append("---@return \(result)") }
                lines.append("function \(name):\(member.name)(\(member.parameters.map(\.name).joined(separator: ", "))) end")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
