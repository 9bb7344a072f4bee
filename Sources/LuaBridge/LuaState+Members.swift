internal import CLua

extension LuaState {
    /// The string keys of the table at `index` and the types of their values, read without metamethods,
    /// followed by those a table it inherits from adds (its metatable's `__index` when that is a table,
    /// and so on, up to eight levels): what an object implements, for checking it against a
    /// ``LuaProtocolDeclaration``. Sorted by name within each level; a name is listed once (the nearest
    /// definition). An `__index` function is not called: what it would answer is not listed.
    /// - Throws: ``LuaError`` if the value at `index` is not a table (or memory runs out).
    public func memberTypes(ofTableAt index: Int32) throws -> [(name: String, type: LuaType)] {
        var result: [(name: String, type: LuaType)] = []
        var seen: Set<String> = []
        let start = top
        defer { setTop(start) }
        pushValue(at: index)
        for _ in 0..<8 {
            guard type(at: -1) == .table else { break }
            var level: [(name: String, type: LuaType)] = []
            try forEachPair(inTableAt: -1) { key, value in
                guard type(at: key) == .string, let name = toString(at: key), !seen.contains(name) else { return }
                // A callable table (`__call`) plays a method as well as a function does.
                level.append((name, isCallable(at: value) ? .function : type(at: value)))
            }
            for member in level.sorted(by: { $0.name < $1.name }) where seen.insert(member.name).inserted {
                result.append(member)
            }
            // The next level: getmetatable(t).__index, read raw.
            guard lua_getmetatable(L, -1) != 0 else { break }
            push("__index")
            lua_rawget(L, -2)
            lua_rotate(L, -3, 1)  // [… t mt idx] → [… idx t mt]
            lua_settop(L, -3)
        }
        return result
    }
}
