import LuaBridge
import Testing

/// A shelf of boxes: the Swift object behind the declared class of these tests.
final class DeclaredShelf {
    var boxes: [DeclaredBox] = []
    var calls: [String] = []
}

/// A box a shelf holds (a second bridged class, for object arguments).
final class DeclaredBox {
    let label: String
    init(_ label: String) { self.label = label }
}

/// Methods declared with ``LuaMethodDeclaration/checked(_:_:_:returns:_:)`` get their table, function,
/// object and optional arguments checked in Lua's words before the body runs, and annotated.
@Suite struct LuaCheckedParameterTests {
    static let box = LuaClassDeclaration<DeclaredBox>("Box", "A box.", describe: { "Box(\($0.label))" })

    static let declaration = LuaClassDeclaration<DeclaredShelf>(
        "Shelf", "A shelf of boxes.",
        methods: [
            .checked("put", "Puts a box, with options.",
                     [.object("box", "Box", as: DeclaredBox.self), .table("options", "ShelfOptions", optional: true)]) { shelf, state in
                guard let box = state.object(at: 2, as: DeclaredBox.self) else { return 0 }
                shelf.boxes.append(box)
                shelf.calls.append("put \(box.label) options: \(state.typeName(at: 3))")
                return 0
            },
            .checked("each", "Calls `fn` with each box.", [.function("fn", "fun(box: Box)")]) { shelf, _ in
                shelf.calls.append("each")
                return 0
            },
            .checked("label", "The label of box `index`.", [.value("index", Int.self)], returns: "string") { shelf, state in
                let index = Int(state.toInteger(at: 2) ?? 0)
                state.push(shelf.boxes.indices.contains(index - 1) ? shelf.boxes[index - 1].label : "")
                return 1
            },
        ])

    /// A state with a shelf in `shelf` and boxes `a` and `b`.
    func state(_ shelf: DeclaredShelf) throws -> LuaState {
        let state = try LuaState()
        state.push(object: shelf, class: Self.declaration.makeClass())
        state.setGlobal("shelf")
        let boxClass = Self.box.makeClass()
        for label in ["a", "b"] {
            state.push(object: DeclaredBox(label), class: boxClass)
            state.setGlobal(label)
        }
        return state
    }


    @Test func acceptedArgumentsReachTheBody() throws {
        let shelf = DeclaredShelf()
        let state = try state(shelf)
        try state.run("shelf:put(a); shelf:put(b, { top = true }); shelf:put(a, nil); shelf:each(print)")
        #expect(try state.eval("return shelf:label(2)") == "b")
        #expect(shelf.calls == ["put a options: no value", "put b options: table", "put a options: nil", "each"])
    }

    @Test func refusedArgumentsRaiseInLuasWordsBeforeTheBody() throws {
        let shelf = DeclaredShelf()
        let state = try state(shelf)
        #expect(failure(state, "shelf:put('a')") == "t:1: bad argument #1 to 'put' (Box expected, got string)")
        #expect(failure(state, "shelf:put(shelf)") == "t:1: bad argument #1 to 'put' (Box expected, got Shelf)")
        #expect(failure(state, "shelf:put(a, 3)") == "t:1: bad argument #2 to 'put' (table expected, got number)")
        #expect(failure(state, "shelf:each()") == "t:1: bad argument #1 to 'each' (function expected, got no value)")
        #expect(failure(state, "shelf:label(1.5)") == "t:1: bad argument #1 to 'label' (number has no integer representation)")
        #expect(failure(state, "shelf.put(a)") == "t:1: bad argument #1 to 'put' (Shelf expected, got Box)")
        // Nothing ran.
        #expect(shelf.calls.isEmpty && shelf.boxes.isEmpty)
    }

    @Test func annotationsShowTheCheckedParameters() {
        #expect(Self.declaration.annotations == """
            ---A shelf of boxes.
            ---@class Shelf : userdata
            local Shelf = {}

            ---Puts a box, with options.
            ---@param box Box
            ---@param options ShelfOptions?
            function Shelf:put(box, options) end

            ---Calls `fn` with each box.
            ---@param fn fun(box: Box)
            function Shelf:each(fn) end

            ---The label of box `index`.
            ---@param index integer
            ---@return string
            function Shelf:label(index) end

            """)
    }
}
