/// Shared member groups of class declarations.
///
/// **Adopting a protocol.** Several bridged classes can offer the same methods — a view and the batch its
/// `performBatchUpdates` block receives both have `insertItems`, `deleteSections`, … — declared once as a
/// ``LuaProtocolDeclaration`` of ``LuaProtocolDeclaration/Conformer/bridgedClasses``. Each class adopts it
/// with its own bodies; the names, parameters and doc lines come from the protocol, and the annotations
/// write `---@class View : BatchUpdating` instead of repeating the methods.
///
/// ```swift
/// let batchUpdating = LuaProtocolDeclaration("BatchUpdating", "Batch operations.", conformer: .bridgedClasses, [
///     .required("insertItems", "Inserts items.", [.init("indexPaths", "IndexPath[]")]),
/// ])
/// let view = LuaClassDeclaration<View>("View", "A view.").adopting(batchUpdating) { member in
///     { view, state in try view.apply(member.name, state); return 0 }
/// }
/// ```
///
/// A class whose objects also carry the script's own keys (a cell's `text`, a view controller's callbacks)
/// is a ``LuaOpenClassDeclaration`` made of its declaration and its ``LuaOpenFields``.
extension LuaClassDeclaration {
    /// The same class adopting `declaration`: a method per member of the protocol, with the protocol's name,
    /// doc line, parameters and result, and the body `implementation` gives for it (the receiver is checked
    /// before the body runs, as for any declared method; the body reads its arguments from stack index 2).
    /// - Precondition: `implementation` gives a body for every required member, the protocol is one of
    ///   bridged classes, and it declares only methods.
    public func adopting(_ declaration: LuaProtocolDeclaration,
                         _ implementation: (LuaProtocolDeclaration.Member) -> ((Object, LuaState) throws -> Int32)?) -> Self {
        precondition(declaration.conformer == .bridgedClasses, "\(name) cannot adopt the script protocol \(declaration.name)")
        var adopted: [LuaMethodDeclaration<Object>] = []
        for member in declaration.members {
            precondition(member.kind == .method, "\(declaration.name).\(member.name) is a value; bridged protocols declare methods")
            guard let body = implementation(member) else {
                precondition(member.requirement == .optional, "\(name) does not implement \(declaration.name):\(member.name)")
                continue
            }
            adopted.append(.custom(member.name, member.doc, parameters: member.parameters, returns: member.returnType, body))
        }
        var result = LuaClassDeclaration(name, summary, properties: properties, methods: adopted + methods,
                                         describe: describe, metamethods: metamethods)
        result.adoptedProtocols = adoptedProtocols + [declaration]
        return result
    }

    /// Whether `method` comes from an adopted protocol (its annotation is the protocol's).
    func isAdopted(_ method: String) -> Bool {
        adoptedProtocols.contains { $0.member(named: method) != nil }
    }
}
