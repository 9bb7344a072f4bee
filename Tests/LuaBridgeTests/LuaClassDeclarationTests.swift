import LuaBridge
import Testing

/// A counter: the Swift object behind the declared class of these tests.
final class DeclaredCounter {
    var value = 0
    var step = 1
    var label: String?
}

/// A class declared with ``LuaClassDeclaration`` alone gets its metatable, argument checks, refused writes
/// and annotations from the declaration.
@Suite struct LuaClassDeclarationTests {
    static let declaration = LuaClassDeclaration<DeclaredCounter>(
        "Counter", "A counter that adds its step.",
        properties: [
            .property("value", "The current value.", get: { $0.value }),
            .property("step", "Added by each increment.", get: { $0.step }, set: { $0.step = $1 }),
            .property("label", "A name for it, or nil.", get: { $0.label }, set: { $0.label = $1 }),
        ],
        methods: [
            .method("increment", "Adds the step.") { $0.value += $0.step },
            .method("add", "Adds `amount`; returns the new value.", "amount") { (c: DeclaredCounter, n: Int) -> Int in
                c.value += n
                return c.value
            },
            .method("scaled", "The value times `factor`, with a `unit` after it.", "factor", "unit") {
                (c: DeclaredCounter, factor: Double, unit: String?) -> String in
                "\(Double(c.value) * factor)\(unit ?? "")"
            },
        ],
        describe: { "Counter(\($0.value))" })

    /// A state with one counter in the global `c`.
    func state(_ counter: DeclaredCounter) throws -> LuaState {
        let state = try LuaState()
        state.push(object: counter, class: Self.declaration.makeClass())
        state.setGlobal("c")
        return state
    }


    @Test func propertiesAndMethodsWork() throws {
        let counter = DeclaredCounter()
        let state = try state(counter)
        #expect(try state.eval("c:increment(); c.step = 5; c:increment(); return c.value") == "6")
        #expect(try state.eval("return c:add(4)") == "10")
        #expect(try state.eval("return c:scaled(0.5, ' km')") == "5.0 km")
        #expect(try state.eval("return c:scaled(2)") == "20.0")
        #expect(try state.eval("c.label = 'laps'; return c.label") == "laps")
        #expect(try state.eval("c.label = nil; return tostring(c.label)") == "nil")
        #expect(try state.eval("return tostring(c)") == "Counter(10)")
        #expect(counter.value == 10 && counter.step == 5 && counter.label == nil)
    }

    @Test func argumentsAreCheckedInLuasWords() throws {
        let counter = DeclaredCounter()
        let state = try state(counter)
        #expect(failure(state, "c:add('x')") == "t:1: bad argument #1 to 'add' (number expected, got string)")
        #expect(failure(state, "c:add(1.5)") == "t:1: bad argument #1 to 'add' (number has no integer representation)")
        #expect(failure(state, "c:add()") == "t:1: bad argument #1 to 'add' (number expected, got no value)")
        #expect(failure(state, "c:scaled(2, {})") == "t:1: bad argument #2 to 'scaled' (string expected, got table)")
        #expect(failure(state, "c.add(5)") == "t:1: bad argument #1 to 'add' (Counter expected, got number)")
        #expect(failure(state, "c.value = 3") == "t:1: attempt to set read-only property 'value' of Counter")
        #expect(failure(state, "c.step = 'fast'") == "t:1: bad value for property 'step' (number expected, got string)")
        #expect(failure(state, "c.nope = 1") == "t:1: attempt to set unknown key 'nope' on Counter")
        // Nothing changed.
        #expect(counter.value == 0 && counter.step == 1 && counter.label == nil)
    }

    @Test func annotationsComeFromTheDeclaration() {
        #expect(Self.declaration.annotations == """
            ---A counter that adds its step.
            ---@class Counter : userdata
            ---@field value integer The current value.
            ---@field step integer Added by each increment (read/write).
            ---@field label string? A name for it, or nil (read/write).
            local Counter = {}

            ---Adds the step.
            function Counter:increment() end

            ---Adds `amount`; returns the new value.
            ---@param amount integer
            ---@return integer
            function Counter:add(amount) end

            ---The value times `factor`, with a `unit` after it.
            ---@param factor number
            ---@param unit string?
            ---@return string
            function Counter:scaled(factor, unit) end

            """)
        #expect(Self.declaration.memberNames == ["Counter.value", "Counter.step", "Counter.label", "Counter:increment",
                                                  "Counter:add", "Counter:scaled"])
    }
}
