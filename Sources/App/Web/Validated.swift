import Hummingbird

/// A form checked against its rules: the draft it makes, or what is wrong with it — never a draft with gaps
/// filled in.
///
/// A rule that needs the database (a name already taken) takes the look-up as an argument and runs it inside
/// `validate`, so one call gives the whole answer.
enum Validated<Draft> {
    case valid(Draft)
    case invalid(FieldErrors)

    /// The same result with `message` on `field` too when `failing` (a check the form's rules don't know about).
    func adding(_ field: String, _ message: String, if failing: Bool, t: Words) -> Validated {
        guard failing else { return self }
        switch self {
        case .valid:
            var errors = FieldErrors(t: t)
            errors.add(field, message)
            return .invalid(errors)
        case .invalid(var errors):
            errors.add(field, message)
            return .invalid(errors)
        }
    }
}

extension Request {
    /// Decodes the form as `Input` and checks it with `rules`. An invalid form gets its page again from `form`, with
    /// what was typed, the errors and status 422; a valid one's draft goes to `save`.
    func submitForm<Input: Decodable, Draft, Context: RequestContext & PageContext>(
        _ type: Input.Type,
        context: Context,
        rules: (Input) async throws -> Validated<Draft>,
        form: (Input, FieldErrors, HTTPResponse.Status) async throws -> Response,
        save: (Input, Draft) async throws -> Response
    ) async throws -> Response where Context.Decoder == URLEncodedFormDecoder {
        try await Self.submit(try await decodeForm(type, context: context), rules: rules, form: form, save: save)
    }

    /// `submitForm` for a form already decoded (by a handler that first looks at it for a shortcut).
    static func submit<Input, Draft>(
        _ input: Input,
        rules: (Input) async throws -> Validated<Draft>,
        form: (Input, FieldErrors, HTTPResponse.Status) async throws -> Response,
        save: (Input, Draft) async throws -> Response
    ) async throws -> Response {
        switch try await rules(input) {
        case .invalid(let errors): try await form(input, errors, .unprocessableContent)
        case .valid(let draft): try await save(input, draft)
        }
    }
}
