"""Everyday phrasings of plain facts: said without the first-person frame the core rules
start from ("Born 7 October", "Just moved to Toronto", "Brotzeit bakery hired me") or in
turns of phrase ("I live on coffee", "I'm a frappe person", "There's also our hamster,
Pip"). Each files its fact under the slot the other rules use.

Written by hand for the reasons ``statements`` gives.
"""

from __future__ import annotations

import re
from typing import Final

from kai_desktop.core.memory.languages import is_language
from kai_desktop.core.memory.model import Category
from kai_desktop.core.memory.phrasing_parts import (
    END,
    LEAD,
    MAX_VALUE_WORDS,
    PROPER,
    Build,
    fact,
    lead_in,
    slot,
)
from kai_desktop.core.memory.slot_builders import kin_fact, parked_vehicle_fact, vehicle_fact
from kai_desktop.core.memory.slot_words import (
    ANIMAL_WORDS,
    BARE_JOBS,
    BREEDS,
    COLOURS,
    DRINKS,
    INSTRUMENTS,
    MONTH_NAMES,
    RELATIVE_WORDS,
    WORKPLACES,
)
from kai_desktop.core.memory.statements import KIN_AGE, Fact

_DIETS_FOLLOWED: Final = (r"keto|paleo|whole30|atkins|banting|lchf|carnivore|low[- ]carb|vegan|"
                          r"vegetarian|pescatarian|halal|kosher|plant[- ]based|"
                          r"(?:gluten|dairy|lactose|sugar)[- ]free")
"""Diets one follows, eats or is on ("I eat halal", "I'm on a gluten-free diet")."""
_BECAUSE: Final = r"(?i:,?\s+(?:because|as|(?:ever )?since) [^.!?]+)?"
"""The reason a diet is kept ("..., because I have the coeliac disease")."""
ANIMALS: Final = "|".join(sorted(ANIMAL_WORDS | set(BREEDS) | {"guinea pig", "fish", "bird"},
                                 key=len, reverse=True))
"""The animals a pet phrasing names: the capture word list and the breeds (filed under
their animal), plus words too common alone to name a pet's kind in any sentence ("I eat
fish") but fine inside a pet phrasing."""


def kin(m: re.Match[str]) -> Fact | None:
    """A relative's or pet's name, held to a phrasing's value length."""
    return kin_fact(m, max_words=MAX_VALUE_WORDS)


_NOT_FIELDS: Final = (r"a|an|the|my|our|shifts?|turns|pairs|teams?|silence|bed|town|person|"
                      r"private|public|peace|secret|progress|general|fact|part|time")
"""Words after "I work in" that name no field ("I work in shifts", "in town")."""


def _field(m: re.Match[str]) -> Fact | None:
    """The field the user works in, as the job ("Architecture" from the start of a
    sentence written in lower case)."""
    field = m.group("v")
    if field[1:2].islower():
        field = field[:1].lower() + field[1:]
    return fact("occupation", "The user works in {v}.", field)


def _plural(thing: str) -> str:
    """"stamp" (from "stamp collecting") -> "stamps"."""
    return thing if thing.endswith("s") else f"{thing}s"


def _language_studied(m: re.Match[str]) -> Fact | None:
    """The language the user studies, when the value names one ("Italian lessons", not
    "pottery lessons")."""
    return _language_studied_in(m.group("v"))


def _language_studied_in(value: str) -> Fact | None:
    return fact("studies", "The user is studying {v}.", value) if is_language(value) else None


EVERYDAY: Final[list[tuple[re.Pattern[str], Build]]] = [
    # "I live just outside Bristol", "We live near Bristol"
    (re.compile(lead_in(r"(?:i|we) (?:now )?live") + r"(?i:(?:just |right )?(?:outside|near|close "
                r"to|on the edge of))\s+" + PROPER + END),
     slot("home city", "The user lives near {v}.")),
    # "I grew up bilingual, French and English", "I'm bilingual in Welsh and English"
    (re.compile(lead_in(r"i (?:grew up|was raised)|i(?:'m| am)") + r"(?i:bilingual|trilingual)"
                r"(?:,\s*|\s+(?i:in)\s+)(?P<v>[A-Z][a-z]+(?:(?:,\s*|\s+(?i:and)\s+)[A-Z][a-z]+)+)"
                + END),
     lambda m: fact("languages", "The user speaks {v}.", m.group("v"))
     if is_language(m.group("v")) else None),
    # "It's my birthday on June 3rd"
    (re.compile(r"^(?i:it(?:'s| is) my birthday on)\s+(?P<v>(?i:" + MONTH_NAMES + r")\s+\d{1,2}"
                r"(?:st|nd|rd|th)?|(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?i:"
                + MONTH_NAMES + r"))" + END),
     slot("birthday", "The user's birthday is {v}.")),
    # "bday in october, not that anyone remembers": a note's birthday, the verb left out
    (re.compile(r"^(?i:(?:my|and|oh|also)\s+)?(?i:birthday|bday)\s+(?P<v>(?i:in|on)\s+(?:the\s+)?"
                r"(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?i:" + MONTH_NAMES + r")(?:\s+\d{1,2}"
                r"(?:st|nd|rd|th)?)?)(?:,[^.!?]*)?[.!]*$"),
     slot("birthday", "The user's birthday is {v}.")),
    # "I had a birthday in January": the month it falls in
    (re.compile(lead_in(r"i (?:had|celebrated)|we celebrated") + r"(?i:a|my)\s+(?i:birthday)\s+"
                r"(?P<v>(?i:in)\s+(?i:" + MONTH_NAMES + r"))\b[^.!?]*[.!]*$"),
     slot("birthday", "The user's birthday is {v}.")),
    # "I'm into stamp collecting", "I'm really into collecting vinyl"
    (re.compile(lead_in(r"i(?:'m| am) (?:really |big |heavily )?into")
                + r"(?:(?P<v>[a-z]+(?: [a-z]+)?)"
                r" collecting|collecting (?P<w>[a-z]+(?: [a-z]+)?))" + END),
     lambda m: fact("collects", "The user collects {v}.",
                    _plural(m.group("v")) if m.group("v") else m.group("w"))),
    # "Green tea every morning for me": a drink said with the mornings and no verb
    (re.compile(r"^(?i:(?:so|and|now),?\s+){0,2}(?i:(?:it's|its|it is) (?:an? |my )?)?(?P<v>(?i:"
                r"(?:(?!(?:switched|changed|moved|gone|to|and|i|now|the|my)\b)[a-z]+ ){0,2}?"
                + DRINKS + r"))(?i:\s+(?:every morning|each morning|in the "
                r"mornings?|first thing)(?:\s+for me)?)(?:,\s+[^.!?]*)?" + END),
     slot("morning routine", "The user starts the day with {v}.")),
    # "First thing every morning it's a pot of Barry's tea": the time first, then the drink
    (re.compile(r"^(?i:(?:and |so )?(?:first thing )?(?:every|each) morning(?: first thing)?,?\s+"
                r"(?:it's|its|it is) (?:an? |my )?(?:(?:cup|mug|pot|glass) of )?)"
                r"(?P<v>(?:[A-Z][\w-]*['’]s\s+|[a-z]+\s+)?(?i:(?:hot\s+)?" + DRINKS + r")(?i:\s+"
                r"with\s+(?:lemon|honey|milk|ginger|mint))?|(?<=of )[A-Z][\w'’-]+)(?:,\s+[^.!?]*)?"
                + END),
     slot("morning routine", "The user starts the day with {v}.")),
    # "New job at Initech!", "Started a new job at Initech"
    (re.compile(r"^(?i:(?:so|and|oh|also|big news),?\s+)?(?i:(?:i(?:'ve| have)? )?(?:started|got|"
                r"landed) )?(?i:an?\s+)?(?i:new job|new position|new role)\s+(?i:at|with)\s+"
                + PROPER + END),
     slot("employer", "The user works at {v}.")),
    # "I've switched to tea", "I switched to rooibos in the mornings": the drink had now
    (re.compile(lead_in(r"i(?:'ve| have)? (?:switched|changed|moved|gone) (?:over )?to")
                + r"(?P<v>(?i:" + DRINKS + r"))(?i:\s+(?:in the mornings?|every morning|first "
                r"thing))?" + END),
     slot("usual_drink", "The user drinks {v}.", Category.PREFERENCE)),
    # "I'm a June baby": the birthday's month
    (re.compile(lead_in(r"i(?:'m| am) an?") + r"(?P<v>(?i:" + MONTH_NAMES + r"))(?i:\s+baby)"
                + END),
     slot("birthday", "The user's birthday is in {v}.")),
    # "I have begun to learn Italian"
    (re.compile(lead_in(r"i(?:'ve| have) (?:also |just |recently )?(?:begun|started) to (?:learn|"
                        r"study)|i(?:'m| am) (?:beginning|starting) to (?:learn|study)")
                + r"(?P<v>[A-Z][a-z]+)(?:,\s+[^.!?]*)?" + END),
     _language_studied),
    # "We're learning Thai now", "we are doing Indonesian on the app": a language studied
    (re.compile(lead_in(r"we(?:'re| are) (?:now |also |still )?(?:learning|studying)|"
                        r"(?:i|we)(?:'m|'re| am| are) (?:now |also |still )?doing")
                + r"(?P<v>[A-Z][a-z]+)(?:\s+(?i:on|at|with|online|together|before|every|now)\b"
                r"[^.!?]*)?" + END),
     _language_studied),
    # "I've started Japanese lessons", "I take Italian classes on Mondays"
    (re.compile(lead_in(r"i(?:'ve| have) (?:just |recently )?(?:started|begun|been taking)|"
                        r"i(?:'m| am) (?:taking|doing)|i (?:take|do|started|began)")
                + r"(?i:an?\s+)?(?P<v>[A-Z][a-z]+)"
                r"(?i:\s+(?:lessons|classes|class|course|evening classes))"
                + r"(?i:\s+(?:on|at|in|with|online|every)\b[^.!?]*)?" + END),
     _language_studied),
    # "I got a cargo bike instead", "I bought a Honda", "Now I have a Vespa scooter"
    (re.compile(lead_in(r"(?:i|we) (?:just |finally )?(?:bought|got|leased|picked up)|"
                        r"i (?:have|own)|(?:then )?(?:just )?got|(?:i|we)"
                        r"(?:'ve| have) (?:just )?(?:bought|got)|we (?:still )?drive|"
                        r"(?:my )?[a-z]+ (?:just )?(?:bought|got|gave) me")
                + r"(?i:an?|the|my|our)\s+(?i:(?:new|small|big|second-hand|used|little|old)\s+)*"
                r"(?P<v>[\w-]+(?:\s+[\w-]+){0,2}?)(?i:\s+(?:instead|second[- ]hand|used))?"
                r"(?:,\s+[^.!?]*)?" + END),
     vehicle_fact),
    # "there's a Skoda Fabia on the drive now": the car kept at home is the user's
    (re.compile(lead_in(r"(?:and |so )?there(?:'s| is)(?: now)?") + r"(?i:an?|the)\s+(?i:(?:new|"
                r"second-hand|used|little)\s+)?(?P<v>[A-Z][\w-]*(?:\s+[\w-]+){0,2}?)\s+"
                r"(?i:(?:on|in|parked on|sitting on) (?:the|our|my) (?P<d>drive|driveway|garage))"
                + END), parked_vehicle_fact),
    # "I love teal", "literally everything I own is teal": a colour loved is the favourite
    (re.compile(lead_in(r"(?:literally |honestly )?(?:i (?:absolutely |really |just )?(?:love|"
                        r"adore)|i(?:'m| am) (?:obsessed with|in love with)|everything i (?:own|"
                        r"wear|buy) is)") + r"(?i:the colou?r\s+)?(?P<v>(?i:" + COLOURS + r"))"
                + END), slot("favourite colour", "The user's favourite colour is {v}.")),
    # "I'm a Hong Kong native"
    (re.compile(lead_in(r"i(?:'m| am) an?") + PROPER + r"(?i:\s+native)" + END),
     slot("origin", "The user is originally from {v}.")),
    # "We've just settled in Berlin"
    (re.compile(lead_in(r"(?:i|we)(?:'ve| have)? (?:just |finally |now )?settled (?:down )?in")
                + PROPER + END), slot("home_city", "The user lives in {v}.")),
    # "We've moved, we're in Plymouth now": the move, then where the user is
    (re.compile(lead_in(r"(?:i|we)(?:'ve| have)? (?:just |finally )?moved(?: house)?(?:,| -)?"
                        r"(?:\s+and)?\s+(?:we're|we are|i'm|i am) (?:now |living )?in")
                + PROPER + END), slot("home_city", "The user lives in {v}.")),
    # "we've been in Durham since the end of May": a stay since a month or a year is a home
    # (one since a day is a trip: "I've been in Rome since Tuesday")
    (re.compile(lead_in(r"(?:i|we)(?:'ve| have) been (?:living )?in|(?:we|[a-z]+ and i|my [a-z]+ "
                        r"and i)(?:'re| are) (?:now )?in") + PROPER
                + r"(?i:\s+since\s+(?:the (?:end|start|beginning|middle) of\s+)?(?:"
                + MONTH_NAMES + r"|(?:19|20)\d\d|last (?:year|month|spring|summer|autumn|winter)))"
                + END), slot("home_city", "The user lives in {v}.")),
    # "Just moved to Toronto for work": the move, without "I"
    (re.compile(LEAD + r"(?i:(?:just |recently |finally )?(?:moved|relocated) to)\s+" + PROPER
                + END), slot("home_city", "The user lives in {v}.")),
    # "I fly for Air Maple now", "I write for The Herald"
    (re.compile(lead_in(r"i (?:fly|write|drive|cook|design|code|sing|teach|report|consult|"
                   r"freelance|nurse|play|shoot|photograph|film|edit) for") + PROPER + END),
     slot("employer", "The user works for {v}.")),
    # "I cook at Olive and Thyme", "I'm with Emirates Bank, in their audit team"
    (re.compile(lead_in(r"i (?:cook|bake|teach|lecture|nurse|serve|bartend) at")
                + r"(?P<v>[A-Z][\w'’-]*(?:\s+(?:(?:and|&)\s+)?[A-Z][\w'’-]*)*)" + END),
     slot("employer", "The user works at {v}.")),
    (re.compile(lead_in(r"i(?:'m| am) (?:now |currently )?with") + r"(?P<v>[A-Z][\w&'-]*(?:\s+"
                r"(?:[A-Z][\w&'-]*|and|of))*\s+(?:Bank|Group|Ltd|Inc|Labs|Studio|Studios|"
                r"Agency|Partners|Consulting|Insurance|Airlines|Hospital|Council|University))"
                r"(?:,\s+(?i:in|on) (?:the|their|its) [a-z ]+)?" + END),
     slot("employer", "The user works at {v}.")),
    # "Born 7 October": the birthday, without "I was"
    (re.compile(r"^(?i:born)\s+(?i:on\s+)?(?i:the\s+)?(?P<v>\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+"
                r"[A-Z][a-z]+|[A-Z][a-z]+\s+\d{1,2}(?:st|nd|rd|th)?)" + END),
     slot("birthday", "The user's birthday is {v}.")),
    # "X hired me (as a baker)", "X took me on as a teacher": a new employer
    (re.compile(r"^" + PROPER + r"(?i:\s+(?:bakery|cafe|café|hospital|school|studio|agency|"
                r"group|ltd|inc))?(?i:\s+(?:hired|employed|recruited|signed|took on) me|"
                r"\s+(?:took|brought|signed) me on(?:\s+(?:straight |right )?(?:out of|after|from) "
                r"(?:school|college|uni|university))?)"
                r"(?i:\s+as\s+(?:an?\s+)?[a-z]+(?: [a-z]+)?)?" + END),
     slot("employer", "The user works at {v}.")),
    # "I work in finance", "Architecture is my job": a field of work, said as the job
    (re.compile(lead_in(r"i(?:'ve| have)? (?:always |mostly )?work(?:ed)? in")
                + r"(?!(?:" + _NOT_FIELDS + r")\b)(?P<v>[a-z]+(?: [a-z]+)?)" + END),
     _field),
    (re.compile(LEAD + r"(?P<v>[A-Z][a-z]+(?: [a-z]+)?)(?i:\s+is\s+(?:my|our)\s+(?:job|field|"
                r"line of work|profession|trade|career|work))" + END), _field),
    # "I'm a frappe person": the drink the user has most
    (re.compile(lead_in(r"i(?:'m| am) (?:a|an|more of a|more an?)") + r"(?P<v>(?i:" + DRINKS + r"))"
                r"(?i:\s+person)" + END),
     slot("usual_drink", "The user drinks {v}.", Category.PREFERENCE)),
    # "There's also our hamster, Pip"
    (re.compile(r"^(?i:(?:and|oh)\s+)?(?i:there(?:'s|’s| is)\s+(?:also\s+)?(?:our|my)\s+)"
                + KIN_AGE + r"(?P<r>" + RELATIVE_WORDS + r"|" + ANIMALS + r"),?\s+(?i:called\s+|"
                r"named\s+)?" + PROPER + r"(?i:\s+too|\s+as well)?" + END), kin),
    # "And there's Tiger, our cat"
    (re.compile(r"^(?i:(?:and|oh|plus)\s+)?(?i:there(?:'s|’s| is)\s+(?:also\s+)?)" + PROPER
                + r",\s+(?i:our|my)\s+" + KIN_AGE + r"(?P<r>" + RELATIVE_WORDS + r"|" + ANIMALS
                + r")(?i:\s+too|\s+as well)?" + END), kin),
    # "I've been at Volta Construction for five years": the employer, said by how long
    (re.compile(lead_in(r"i(?:'ve| have) (?:now )?been (?:working )?at") + PROPER
                + r"(?i:\s+(?:for (?:about |almost |nearly |over |more than )?(?:\w+|a) (?:years?|"
                r"months?|decades?)|for (?:a while|ages|years)|since (?:\d{4}|\w+ \d{4})))" + END),
     slot("employer", "The user works at {v}.")),
    # "Our canary sings all day, her name is Lulu"
    (re.compile(r"^(?i:(?:and|oh)\s+)?(?i:our|my)\s+" + KIN_AGE + r"(?P<r>" + RELATIVE_WORDS + r"|"
                + ANIMALS + r")\b[^,;.!?]*[,;]\s*(?i:(?:her|his|its|their) name(?:'s| is))\s+"
                + PROPER + END), kin),
    # "I live on coffee": the drink the user has most
    (re.compile(lead_in(r"i (?:basically |pretty much |practically )?(?:live|run) on")
                + r"(?P<v>(?i:" + DRINKS + r"))" + END),
     slot("usual_drink", "The user drinks {v}.", Category.PREFERENCE)),
    # "I carry an EpiPen because of a bee sting allergy"
    (re.compile(lead_in(r"i (?:carry|have|keep|take|need)") + r"[^.!?]*?\b(?i:because of|due to|"
                r"for)\s+(?i:an?|my)\s+(?P<v>[a-z][a-z ]{1,30}?)(?i:\s+allergy)" + END),
     slot("allergy", "The user is allergic to {v}.")),
    # "I've enrolled in a French course"
    (re.compile(lead_in(r"i(?:'ve| have) (?:just )?(?:enrolled|signed up|registered)|i(?:'m| am) "
                   r"(?:enrolled|signed up|registered)") + r"(?i:in|for|on)\s+(?i:an?\s+|the\s+)?"
                r"(?i:(?:evening|night|online|beginners?'?|intensive)\s+)?(?P<v>[A-Za-z][A-Za-z ]"
                r"{1,30}?)(?i:\s+(?:course|class|classes|lessons|programme|program))" + END),
     slot("studies", "The user is studying {v}.")),
    # "My birthday's Burns Night, the 25th of January": the day's name and its date
    (re.compile(lead_in(r"my birthday(?:'s| is)") + r"(?P<v>[A-Z][^,.;!?]*?,\s+(?:the\s+)?"
                r"\d{1,2}(?:st|nd|rd|th)?(?:\s+of)?\s+[A-Z][a-z]+)" + END),
     slot("birthday", "The user's birthday is {v}.")),
    # "My evening class is Spanish"
    (re.compile(lead_in(r"my (?:evening |night |weekly |online |new )?(?:class|course|lessons?)"
                        r" (?:is|are)(?: in)?") + r"(?P<v>[A-Z][a-z]+)" + END),
     slot("studies", "The user is studying {v}.")),
    # "I am working in company Comarch", "Now I work in school number 5": the employer, or
    # the place by its number ("I work in a hospital" names none)
    (re.compile(lead_in(r"(?:now,?\s+)?i (?:now )?(?:work|(?:am|'m) (?:now )?working) "
                        r"(?:at|for|in)")
                + r"(?i:(?:the\s+)?(?:company|firm)\s+)?(?P<v>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*|"
                r"(?i:(?:" + WORKPLACES + r"))\s+(?i:number|no\.?)\s+\d+)"
                + END), slot("employer", "The user works at {v}.")),
    # "Now I am teacher of informatics", "I am bank teller": a job said without its article
    (re.compile(lead_in(r"(?:now,?\s+)?i(?:'m| am)(?: now| currently)?") + r"(?P<v>(?i:(?:(?:"
                + WORKPLACES + r"|bus|taxi|kitchen|sales)\s+)?(?:" + BARE_JOBS
                + r"))(?: of [a-z]+)?)" + END),
     lambda m: fact("occupation", "The user works as {a} {v}.", m.group("v"))),
    # "The new job is at Experian": where the user works now
    (re.compile(LEAD + r"(?i:the|my)\s+(?i:new|current)\s+(?i:job|role|position)(?i:'s|\s+is)\s+"
                r"(?i:at|with)\s+" + PROPER + END), slot("employer", "The user works at {v}.")),
    # "I have lived in Bournemouth for nearly thirty years": a home for so long is the home
    (re.compile(lead_in(r"(?:i|we)(?:'ve| have) lived in") + PROPER + r"(?i:\s+(?:for|since)\s+"
                r"[\w ]+)" + END), slot("home_city", "The user lives in {v}.")),
    # "We have finally moved into a smaller flat in Poole"
    (re.compile(lead_in(r"(?:i|we)(?:'ve| have)? (?:just |finally |recently |now )?moved into")
                + r"(?i:an?|the|our|my)\s+(?i:[a-z]+\s+){0,3}?(?i:flat|house|home|place|bungalow|"
                r"apartment|cottage|condo|studio)\s+(?i:in)\s+" + PROPER + END),
     slot("home_city", "The user lives in {v}.")),
    # "The firm I keep the books for is Harper and Lowe, the solicitors"
    (re.compile(r"^(?i:the)\s+(?i:firm|company|business|practice|shop|office|charity|school|"
                r"organi[sz]ation)\s+(?i:i)\s+[a-z ]{2,30}?\s+(?i:for|at|with)\s+(?i:is)\s+"
                r"(?P<v>[A-Z][\w'’-]*(?:\s+(?:and|&|of)?\s*[A-Z][\w'’-]*)*)(?i:,\s+the\s+[a-z ]+)?"
                + END), slot("employer", "The user works at {v}.")),
    # "I do my guiding for the National Trust at Corfe Castle"
    (re.compile(lead_in(r"i do (?:my|the) [a-z]+ (?:for|with)") + r"(?i:the\s+)?" + PROPER
                + r"(?:\s+(?i:at|in)\s+[\w'’ -]+)?" + END),
     slot("employer", "The user works at {v}.")),
    # "I take a pot of Earl Grey every morning", "I now take hot water with lemon in the
    # mornings": what the user starts the day with
    (re.compile(lead_in(r"i (?:always |usually |now )?(?:take|drink)") + r"(?:(?i:an?\s+(?:pot|"
                r"cup|mug|glass|flask)\s+of\s+)|(?=(?i:[\w'’ -]*?\b(?:" + DRINKS + r"|juice|milk)"
                r"\b)))(?P<v>[A-Za-z][\w'’ -]{1,40}?)\s+(?i:every|each|in the) (?i:mornings?)"
                r"(?i:\s+without fail)?" + END),
     slot("morning routine", "The user starts the day with {v}.")),
    # "now i crack open a celsius every morning, the peach one": a can opened is a drink
    (re.compile(lead_in(r"i (?:always |usually |now )?(?:crack open|chug|sip on)") + r"(?i:an?\s+|"
                r"my\s+)?(?P<v>[A-Za-z][\w'’ -]{1,30}?)\s+(?i:every|each) (?i:morning)(?i:,\s+the "
                r"[a-z ]{1,20} one)?" + END),
     slot("morning routine", "The user starts the day with {v}.")),
    # "For breakfast I drink always a glass of buttermilk", "Every morning I have a flat white"
    (re.compile(lead_in(r"(?:for breakfast|in the mornings?|every morning|first thing(?: in the "
                        r"morning)?),?\s+i (?:always |usually |normally |now |still )?(?:take|"
                        r"drink|have|need|grab)")
                + r"(?i:an?\s+(?:pot|cup|mug|glass|flask)\s+of\s+)?"
                r"(?P<v>(?i:(?:an?\s+)?(?:hot |iced |cold |fresh )?(?:" + DRINKS + r"|[a-z]*milk|"
                r"cocoa|hot chocolate|juice|kefir|lassi|smoothie|mate|kombucha|chai|water)))"
                + r"(?i:,?\s+(?:already|ever|since|as|because|like)\b[^.!?]*)?" + END),
     slot("morning routine", "The user starts the day with {v}.")),
    # "In the evening I will play the accordion for her, our father taught it to us": only
    # one who plays an instrument says they will play it
    (re.compile(lead_in(r"i (?:will|'ll|can|could|sometimes|often) play") + r"(?P<the>(?i:the\s+))?"
                r"(?P<v>" + INSTRUMENTS.pattern + r")(?i:\s+for\s+(?:her|him|them|us|you|"
                r"[A-Z]\w+))?(?:,\s+[^.!?]*)?" + END, re.I),
     slot("plays", "The user plays the {v}.")),
    # "Learned a new song on my ukulele today": what the user plays a tune on is theirs
    (re.compile(lead_in(r"(?:i )?(?:just )?(?:learned|learnt|played|practised|practiced|wrote|"
                        r"nailed|figured out)") + r"(?i:an?|the|my|that)\s+(?i:new\s+)?"
                r"(?i:song|tune|piece|riff|solo|chord|chords|scale)\s+on\s+(?i:my)\s+"
                r"(?P<v>" + INSTRUMENTS.pattern + r")\b[^.!?]*" + END, re.I),
     slot("plays", "The user plays the {v}.")),
    # "Being allergic to kiwi is so random": the allergy said as a gerund
    (re.compile(r"^(?i:(?:and |ngl |honestly )?being allergic to)\s+(?P<v>[a-z][\w -]{1,30}?)"
                r"\s+(?i:is|sucks|means|makes)\b[^.!?]*" + END),
     slot("allergy", "The user is allergic to {v}.")),
    # "I have always been partial to the colour lavender"
    (re.compile(lead_in(r"i(?:'ve| have) always been|i(?:'m| am)") + r"(?i:(?:rather |very |"
                r"quite )?(?:partial to|fond of))\s+(?i:the colou?r)\s+(?P<v>[a-z]+(?: [a-z]+)?)"
                + END), slot("favourite colour", "The user's favourite colour is {v}.")),
    # "I have taken up Italian at the U3A": a language taken up is studied
    (re.compile(lead_in(r"i(?:'ve| have) (?:just |recently )?(?:taken up|started|begun)")
                + r"(?P<v>[A-Z][a-z]+)(?:\s+(?i:at|with|on|through)\s+[\w'’ -]+)?" + END),
     _language_studied),
    # "I've been doing keto since January", "I follow a strict vegan diet", "I must eat
    # gluten-free, because I have the coeliac disease"
    (re.compile(lead_in(r"i(?:'ve| have) been (?:doing|on|following)|i(?:'m| am) (?:doing|on|"
                        r"following)|i (?:follow|keep|stick to|eat|only eat|(?:must|have to|"
                        r"need to|can only) eat)")
                + r"(?i:(?:the|an?)\s+)?(?i:(?:strict|mostly|fully|completely)\s+)?"
                r"(?P<v>(?i:" + _DIETS_FOLLOWED + r")|"
                r"(?!(?i:the|a|an|this|that|my|same|new|special)\b)[\w-]+(?:\s+[\w-]+)?"
                r"(?=\s+(?i:diet)\b))(?i:\s+(?:diet|food|meat))?" + _BECAUSE
                + r"(?i:\s+for my [a-z]+)?" + END),
     slot("diet", "The user follows a {v} diet.", Category.PREFERENCE)),
    # "I've been keto for a year", "I went vegan three years ago", "I'm strictly halal"
    (re.compile(lead_in(r"i(?:'ve| have) been|i went|i(?:'ve| have) gone|i(?:'m| am)(?: now)?")
                + r"(?i:(?:strictly|fully|completely|mostly)\s+)?(?P<v>(?i:" + _DIETS_FOLLOWED
                + r"))" + END),
     slot("diet", "The user follows a {v} diet.", Category.PREFERENCE)),
    # "June 21st is my birthday"
    (re.compile(r"^(?P<v>(?i:" + MONTH_NAMES + r")\s+\d{1,2}(?:st|nd|rd|th)?|(?:the\s+)?\d{1,2}"
                r"(?:st|nd|rd|th)?\s+(?:of\s+)?(?i:" + MONTH_NAMES + r"))(?i:\s+is|,\s+(?:that's|"
                r"that is|it's))\s+(?i:my birthday)" + END),
     slot("birthday", "The user's birthday is {v}.")),
    # "Iced coffee is basically my personality in the mornings": a drink said of the mornings
    (re.compile(r"^(?P<v>(?i:" + DRINKS + r"))\s+(?i:is|are)\s+[^.!?]*?\b(?i:in the mornings?|"
                r"every morning|first thing)" + END),
     slot("morning routine", "The user starts the day with {v}.")),
    # "I'm 52 this year"
    (re.compile(lead_in(r"i(?:'m| am)(?: turning| going to be)?") + r"(?P<v>\d{1,2})" + END),
     slot("age", "The user is {v} years old.")),
    # "Fiona's my big sister", "We've a hamster too, Hamish"
    (re.compile(r"^" + PROPER + r"(?i:'s|’s|\s+is)\s+(?i:my|our)\s+" + KIN_AGE + r"(?P<r>"
                + RELATIVE_WORDS + r")" + END), kin),
    (re.compile(lead_in(r"(?:we|i)(?:'ve| have)(?: got)?(?: also)?") + r"(?i:an?)\s+(?P<r>"
                + ANIMALS + r")(?i:\s+(?:too|as well|also))?,\s+(?i:called |named )?" + PROPER
                + END), kin),
    # "... for my birthday, and it isn't until the 9th of November!": the day, said late in
    # a sentence about something else (not "my birthday present arrived on the 3rd")
    (re.compile(r"\b(?i:my birthday)(?!\s+(?i:present|gift|card|party|cake|dinner|drinks|plans|"
                r"list|wish|money|trip|meal))[^.!?]{0,40}?\b(?i:until|on|is|falls on)\s+"
                r"(?i:the\s+)?(?P<v>\d{1,2}(?:st|nd|rd|th)?\s+(?i:of\s+)?(?i:" + MONTH_NAMES
                + r")|(?i:" + MONTH_NAMES + r")\s+\d{1,2}(?:st|nd|rd|th)?)\b[^.!?]*[.!]*$"),
     slot("birthday", "The user's birthday is {v}.")),
    # "My evening class in Icelandic was humbling", "my Icelandic lessons": a language
    # the user studies, said in passing
    (re.compile(r"\b(?i:my)\s+(?i:(?:evening|night|weekly|online|beginners'?|adult)\s+)?"
                r"(?:(?i:class|classes|course|lessons?)\s+(?i:in)\s+(?P<v>[A-Z][a-z]+)|"
                r"(?P<w>[A-Z][a-z]+)\s+(?i:class|classes|course|lessons?))\b[^.!?]*[.!]*$"),
     lambda m: _language_studied_in(m.group("v") or m.group("w"))),
]
