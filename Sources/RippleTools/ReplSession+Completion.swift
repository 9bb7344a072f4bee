import LuaBridge
import ObjectGraph
import Scripting

extension ReplSession {
    /// Completions of the identifier chain at the end of `text` (`cust`, `ctx:sa`, `ann.na`), each the
    /// whole chain completed, sorted. Globals, table fields, object attributes, relationships and methods.
    public func completions(for text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var start = scalars.count
        while start > 0 {
            let c = scalars[start - 1]
            if c == "_" || c == "." || c == ":" || c.properties.isAlphabetic || ("0"..."9").contains(c) { start -= 1 } else { break }
        }
        let word = String(String.UnicodeScalarView(scalars[start...]))
        guard let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            return names(ofGlobalsWithPrefix: word).map { $0 }
        }
        let base = String(word[..<separator])
        let methodsOnly = word[separator] == ":"
        let partial = String(word[word.index(after: separator)...])
        let members = memberNames(of: base, methodsOnly: methodsOnly)
        return members.filter { $0.hasPrefix(partial) }.map { base + String(word[separator]) + $0 }
    }

    private func names(ofGlobalsWithPrefix prefix: String) -> [String] {
        let state = engine.state
        guard state.getGlobal("_G") == .table else { state.pop(); return [] }
        defer { state.pop() }
        var names: [String] = []
        try? state.forEachPair(inTableAt: -1) { key, _ in
            if state.type(at: key) == .string, let name = state.toString(at: key), name.hasPrefix(prefix) {
                names.append(name)
            }
        }
        return names.sorted()
    }

    private func memberNames(of base: String, methodsOnly: Bool) -> [String] {
        let state = engine.state
        let top = state.top
        defer { state.setTop(top) }
        guard (try? state.load("return " + base, chunkName: "=completion")) != nil,
              (try? state.pcall(arguments: 0, results: 1)) != nil else { return [] }
        switch state.type(at: -1) {
        case .table:
            var names: [String] = []
            try? state.forEachPair(inTableAt: -1) { key, value in
                guard state.type(at: key) == .string, let name = state.toString(at: key) else { return }
                if !methodsOnly || state.type(at: value) == .function { names.append(name) }
            }
            return names.sorted()
        case .userdata:
            guard let cls = engine.luaClass(ofObjectAt: -1) else { return [] }
            var methods = Array(cls.methods.keys)
            var properties = cls.properties
            // A managed object's class (model:class): its methods and computed properties, inherited ones too.
            if let object = state.object(at: -1, as: ManagedObject.self),
               let objectClass = object.entity.managedObjectClass as? LuaManagedObjectClass {
                for definition in objectClass.chain {
                    methods += definition.methods.keys
                    properties += definition.properties.keys
                }
            }
            // Its entity's fetched properties.
            if let object = state.object(at: -1, as: ManagedObject.self) {
                properties += object.entity.fetchedProperties.map(\.name)
            }
            return Array(Set(methodsOnly ? methods : methods + properties)).sorted()
        default:
            return []
        }
    }
}

extension ScriptEngine {
    /// The Lua class a bridged userdata was made with, for completion.
    func luaClass(ofObjectAt index: Int32) -> LuaClass? {
        state.luaClass(at: index)
    }
}
