import LuaBridge
import Testing

/// A named box: the Swift object behind the class of these tests.
final class NamedBox {
    let name: String
    var items: [String] = []
    init(name: String) { self.name = name }
}

/// What a declaration needs beyond typed one- and two-argument methods: a method that reads its receiver
/// itself (for a fast path that must not retain it), a typed argument read by a custom body, and an
/// unknown-key message that names the object.
@Suite struct LuaDeclarationExtensionsTests {
    static let declaration = LuaClassDeclaration<NamedBox>(
        "Box", "A box of strings.",
        properties: [.property("count", "The number of items.", get: { $0.items.count })],
        methods: [
            .receiverUnread("put", "Adds `item`; returns the count.", parameters: [.init("item", "string")],
                            returns: "integer") { state in
                // The dispatch has checked the receiver: it is a Box.
                let box = state.object(at: 1, as: NamedBox.self)!
                box.items.append(try state.argument(2, as: String.self))
                state.push(box.items.count)
                return 1
            },
            .custom("take", "Removes and returns the first `n` items (1 by default).",
                    parameters: [.init("n", "integer?")], returns: "string") { box, state in
                let n = try state.argument(2, as: Int?.self) ?? 1
                let taken = box.items.prefix(n)
                box.items.removeFirst(taken.count)
                state.push(taken.joined(separator: ","))
                return 1
            },
        ])

    func state(_ box: NamedBox) throws -> LuaState {
        let state = try LuaState()
        let cls = Self.declaration.makeClass { box, key, writing in
            "\(writing ? "cannot set" : "no") '\(key)' on box '\(box.name)'"
        }
        state.push(object: box, class: cls)
        state.setGlobal("b")
        return state
    }


    @Test func aReceiverUnreadMethodStillHasItsReceiverChecked() throws {
        let box = NamedBox(name: "tools")
        let state = try state(box)
        #expect(try state.eval("b:put('saw'); return b:put('awl')") == "2")
        #expect(failure(state, "b.put({}, 'x')") == "t:1: bad argument #1 to 'put' (Box expected, got table)")
        #expect(failure(state, "b:put({})") == "t:1: bad argument #1 to 'put' (string expected, got table)")
        #expect(box.items == ["saw", "awl"])
    }

    @Test func typedArgumentsOfCustomBodiesAreCheckedInLuasWords() throws {
        let box = NamedBox(name: "tools")
        box.items = ["a", "b", "c"]
        let state = try state(box)
        #expect(try state.eval("return b:take()") == "a")
        #expect(try state.eval("return b:take(nil)") == "b")
        #expect(failure(state, "b:take('x')") == "t:1: bad argument #1 to 'take' (number expected, got string)")
        #expect(failure(state, "b:take(0.5)") == "t:1: bad argument #1 to 'take' (number has no integer representation)")
        #expect(box.items == ["c"])
    }

    @Test func unknownKeysAreReportedWithTheObject() throws {
        let state = try state(NamedBox(name: "tools"))
        #expect(failure(state, "local _ = b.lid") == "t:1: no 'lid' on box 'tools'")
        #expect(failure(state, "b.lid = 1") == "t:1: cannot set 'lid' on box 'tools'")
    }

    @Test func theAnnotationsShowTheDeclaredParameters() {
        #expect(Self.declaration.annotations.contains("---@param n integer?\n---@return string\nfunction Box:take(n) end"))
        #expect(Self.declaration.annotations.contains("function Box:put(item) end"))
    }
}
