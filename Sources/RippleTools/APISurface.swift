import LuaBridge
import ObjectGraph
import Scripting

/// The Lua names a fresh ``ScriptEngine`` really binds, found by walking the live state: the keys of the
/// `ripple` table, the globals the prelude adds, the matchers of `expect(v)`, and the properties and
/// methods of every bridged class reachable from a tour script that makes one object of each kind.
///
/// Names are qualified as the annotations in ``LuaAnnotations`` spell them: `ripple.model`,
/// `ManagedObjectContext:save` (a method), `ManagedObjectContext.name` (a property), `scenario` (a
/// global), `Expectation:toBe`. Managed objects of every entity share the class `ManagedObject`; the
/// entity's own attributes and relationships are not part of the API.
///
/// ```swift
/// let surface = try APISurface.live()
/// surface.names.contains("ManagedObjectContext:save")   // true
/// ```
public struct APISurface: Sendable {
    /// Every bound name, sorted.
    public var names: [String]
    /// Steps of the tour that failed (a binding that changed its arguments), with the Lua error.
    public var tourProblems: [String]

    /// The standard Lua 5.4 globals, which are not Ripple's API.
    static let standardGlobals: Set<String> = [
        "_G", "_VERSION", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error", "getmetatable",
        "io", "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs", "pcall", "print", "rawequal",
        "rawget", "rawlen", "rawset", "require", "select", "setmetatable", "string", "table", "tonumber",
        "tostring", "type", "utf8", "warn", "xpcall", "ripple",
    ]

    /// Walks a fresh engine.
    public static func live() throws -> APISurface {
        let engine = try ScriptEngine()
        return try engine.apiSurface()
    }
}

extension ScriptEngine {
    /// The names this engine binds (see ``APISurface``); runs the tour script in it.
    func apiSurface() throws -> APISurface {
        var names: Set<String> = []
        let top = state.top
        defer { state.setTop(top) }

        // The module table and the globals of the prelude.
        if state.getGlobal("ripple") == .table {
            try state.forEachPair(inTableAt: -1) { key, _ in
                if state.type(at: key) == .string, let name = state.toString(at: key), !name.hasPrefix("_") {
                    names.insert("ripple." + name)
                }
            }
            names.insert("ripple.sandbox")  // answered by the module's metatable (Lua/sandbox.lua), not a raw field
        }
        state.pop()
        if state.getGlobal("_G") == .table {
            try state.forEachPair(inTableAt: -1) { key, _ in
                if state.type(at: key) == .string, let name = state.toString(at: key),
                   !APISurface.standardGlobals.contains(name), !name.hasPrefix("_") {
                    names.insert(name)
                }
            }
        }
        state.pop()

        // The tour: returns { problems, roots, expectation members }.
        try state.load(APISurface.tour, chunkName: "=tour")
        try state.pcall(arguments: 0, results: 3, traceback: true)
        let problems = try strings(inArrayAt: -3)
        for member in try strings(inArrayAt: -1) { names.insert("Expectation" + member) }
        state.pop()

        // Breadth-first over the roots and whatever their properties lead to.
        try state.load("local o, k = ...; return o[k]", chunkName: "=get")
        let getter = state.ref()
        var queue: [LuaRef] = []
        let roots = state.absoluteIndex(-1)
        for i in 0..<state.rawLength(at: roots) {
            state.rawGet(tableAt: roots, index: i + 1)
            queue.append(state.ref())
        }
        var seenClasses: Set<ObjectIdentifier> = []
        var seenTables = 0
        let entityClassIDs = Set(entityClasses.values.map(ObjectIdentifier.init))
        while !queue.isEmpty, seenTables < 10_000 {
            let value = queue.removeFirst()
            state.push(value)
            let v = state.top
            defer { state.setTop(v - 1) }
            if state.type(at: v) == .table {
                seenTables += 1
                try state.forEachPair(inTableAt: v) { _, item in
                    if state.type(at: item) == .userdata || state.type(at: item) == .table {
                        state.pushValue(at: item)
                        queue.append(state.ref())
                    }
                }
                continue
            }
            guard let cls = state.luaClass(at: v), seenClasses.insert(ObjectIdentifier(cls)).inserted else { continue }
            let isEntity = entityClassIDs.contains(ObjectIdentifier(cls))
            let owner = isEntity ? "ManagedObject" : cls.name
            let fields = Set(BridgeClasses.managedObjectPropertyNames)
            for method in cls.methods.keys { names.insert(owner + ":" + method) }
            for property in cls.properties where !isEntity || fields.contains(property) {
                names.insert(owner + "." + property)
                state.push(getter)
                state.pushValue(at: v)
                state.push(property)
                if (try? state.pcall(arguments: 2, results: 1)) != nil,
                   state.type(at: -1) == .userdata || state.type(at: -1) == .table {
                    queue.append(state.ref())
                } else {
                    state.setTop(v)
                }
            }
        }
        return APISurface(names: names.sorted(), tourProblems: problems)
    }
}
