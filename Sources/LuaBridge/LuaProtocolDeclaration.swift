/// A protocol a Lua object plays — a delegate, a data source, a view controller's own methods —
/// declared once: its name and its members, each required or optional, a method or a plain value, with
/// a doc line. The bindings check an object against it when it is given its role (``problems(members:)``)
/// so that a misspelled method is an error at that line instead of a callback never called.
///
/// ```swift
/// let delegate = LuaProtocolDeclaration("NSFetchedResultsControllerDelegate", [
///     .init("controllerWillChangeContent", .optional, "Before the first change of a batch."),
///     .init("controllerDidChangeContent", .optional, "After the last change of a batch."),
/// ])
/// delegate.problem(name: "controllerDidChangeContents", type: .function)
/// // "unknown method 'controllerDidChangeContents' for NSFetchedResultsControllerDelegate (did you mean 'controllerDidChangeContent'?)"
/// ```
///
/// **The rule.** A name the protocol declares must hold a function (a member of kind ``Kind/value``
/// holds anything). A name it does not declare is accepted unless it is another spelling of a declared
/// one (``LuaNameSuggestion/typo(of:among:)``: equal ignoring case, or at most two edits away, one for a name shorter than eight characters): an
/// object's own helpers stay allowed, a typo is an error.
public struct LuaProtocolDeclaration: Sendable {
    /// Whether an object playing the protocol must implement a member.
    public enum Requirement: String, Sendable {
        /// The caller fails without it (UIKit's `unrecognized selector`).
        case required
        /// A default is used without it.
        case optional
    }

    /// What a member holds.
    public enum Kind: Sendable {
        /// A function, called as `f(…)` or `object:f(…)`.
        case method
        /// A value read as it is (a property of the protocol).
        case value
    }

    /// One member of the protocol.
    public struct Member: Sendable {
        /// The Lua name (the Objective-C selector's pieces, `cellForRowAtIndexPath`).
        public let name: String
        /// Required or optional.
        public let requirement: Requirement
        /// A method or a value.
        public let kind: Kind
        /// One line saying when it is called and what it returns.
        public let doc: String
        /// The parameters of a method, as the annotations show them (empty when not declared).
        public internal(set) var parameters: [LuaParameterDeclaration] = []
        /// The annotation type of a method's result, or of a value member; nil when it returns nothing.
        public internal(set) var returnType: String?

        /// Creates a member.
        public init(_ name: String, _ requirement: Requirement, _ doc: String, kind: Kind = .method) {
            self.name = name
            self.requirement = requirement
            self.kind = kind
            self.doc = doc
        }
    }

    /// The protocol's name as Cocoa spells it (`UITableViewDataSource`).
    public let name: String
    /// Its members, in the documented order.
    public let members: [Member]
    /// One sentence: who plays the protocol (the annotations' class description).
    public internal(set) var summary = ""
    /// Who implements the members: a Lua object, or bridged classes (``Conformer``).
    public internal(set) var conformer = Conformer.script

    /// Creates a declaration.
    public init(_ name: String, _ members: [Member]) {
        self.name = name
        self.members = members
    }

    /// The member called `name`, if declared.
    public func member(named name: String) -> Member? { members.first { $0.name == name } }

    /// The names of the members.
    public var memberNames: [String] { members.map(\.name) }

    /// What is wrong with a member `name` holding a value of type `type`, or nil when nothing is: a
    /// declared method holding a non-function, or an undeclared name that is a misspelling of a declared one.
    public func problem(name: String, type: LuaType) -> String? {
        if let member = member(named: name) {
            guard member.kind == .method, type != .function, type != .nil else { return nil }
            return "'\(name)' of \(self.name) must be a function, got \(type.name)"
        }
        guard let meant = LuaNameSuggestion.typo(of: name, among: memberNames) else { return nil }
        return "unknown method '\(name)' for \(self.name) (did you mean '\(meant)'?)"
    }

    /// The first problem (``problem(name:type:)``) among an object's members, given as names and types
    /// (``LuaState/memberTypes(ofTableAt:)``), checked against several protocols it plays: a name
    /// declared by any of them is not a typo of another's.
    public static func problem(members: [(name: String, type: LuaType)], playing protocols: [LuaProtocolDeclaration]) -> String? {
        for (name, type) in members {
            if let declaring = protocols.first(where: { $0.member(named: name) != nil }) {
                if let problem = declaring.problem(name: name, type: type) { return problem }
                continue
            }
            for declaration in protocols {
                if let problem = declaration.problem(name: name, type: type) { return problem }
            }
        }
        return nil
    }
}
