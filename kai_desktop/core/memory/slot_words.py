"""Word lists capture checks values against: English words, small and fixed (like the
language names in ``languages``), so that every model gets the same checks."""

from __future__ import annotations

import re
from typing import Final

SYMPTOMS: Final = frozenset({"ill", "sick", "unwell", "itchy", "rash", "hives", "swollen",
                              "sneeze", "sneezing", "nauseous", "poorly"})
EMPTY_VALUE = re.compile(
    r"(?i:(?:for )?(?:years|months|weeks|days|ages|decades|a while|a long time|them|it|this|"
    r"that|these|those|every (?:morning|day|week|evening)))")
"""Values that name no thing: a time span or a pronoun ("I've collected them for years")."""
INSTRUMENTS = re.compile(
    r"\b(?:piano|guitar|bass|violin|viola|cello|double bass|flute|clarinet|oboe|bassoon|"
    r"saxophone|sax|trumpet|trombone|tuba|horn|harp|drums?|ukulele|banjo|mandolin|accordion|"
    r"harmonica|keyboard|organ|synth\w*|recorder|bagpipes|sitar|tabla|djembe|erhu|guzheng|"
    r"guqin|pipa|dizi|shamisen|koto|oud|bouzouki|balalaika|kalimba|cajon|bodhr[aá]n|concertina|"
    r"harmonium|veena|santoor|sarod|didgeridoo)\b", re.I)
CAR_MAKES = re.compile(
    r"\b(?:toyota|ford|volkswagen|vw|honda|tesla|skoda|volvo|fiat|kia|bmw|audi|mercedes|"
    r"renault|peugeot|nissan|hyundai|mazda|subaru|opel|vauxhall|citro[eë]n|seat|dacia|mini|"
    r"jeep|chevrolet|lexus|porsche|suzuki|mitsubishi|land rover|jaguar|alfa romeo|polestar|"
    r"byd|cupra|saab|lada|tata|maruti|mahindra|proton|perodua|geely|chery|dodge|chrysler|"
    r"buick|cadillac|acura|infiniti)\b", re.I)


DAYS: Final = (
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|weekday|"
    r"morning|evening|night|day)s?(?= |,|\.|!|$)(?: (?:morning|afternoon|evening|night)s?)?"
)
"""When a routine happens: "Sunday", "Thursday nights", "weekends", "morning"."""


COLOURS: Final = (
    r"red|blue|green|yellow|purple|pink|black|white|grey|gray|brown|teal|turquoise|burgundy|"
    r"maroon|navy(?: blue)?|ochre|mustard|lavender|lilac|violet|indigo|magenta|crimson|scarlet|"
    r"emerald(?: green)?|forest green|sage(?: green)?|mint green|sky blue|royal blue|"
    r"cobalt(?: blue)?|"
    r"cyan|aqua|beige|cream|ivory|silver|gold|bronze|copper|rust|terracotta|olive green|"
    r"coral|fuchsia|mauve|periwinkle|charcoal|khaki|taupe|cerise|claret|ruby|amber|jade|"
    r"sapphire|denim|bottle green|racing green|duck egg(?: blue)?"
)
"""Colours by name; those that are also a fruit or a food alone ("orange", "lime", "plum",
"peach") are left out, as "I love orange" may not be about a colour."""
COLOUR_NAMED: Final = r"(?:" + COLOURS + r")(?:\s+(?:" + COLOURS + r"))?"
"""One colour, named in one or two colour words ("mustard yellow")."""
VEHICLE_WORDS: Final = re.compile(
    r"\b(?:car|van|bike|e-?bike|scooter|motorbike|motorcycle|moped|vespa|truck|camper|estate|"
    r"hatchback)\b", re.I)
HOBBY_VERBS: Final = re.compile(
    r"^(?:collect|play|do|make|knit|crochet|paint|draw|bake|brew|read|write|run|swim|climb|"
    r"cycle|ride|watch|grow|sing|dance|volunteer|sew|build|restore|go)\b", re.I)
GO_ACTIVITIES: Final = re.compile(
    r"^(?:bouldering|climbing|running|jogging|swimming|hiking|cycling|fishing|skiing|"
    r"snowboarding|surfing|sailing|kayaking|canoeing|rowing|dancing|bowling|camping|skating|"
    r"walking|birdwatching|birding|diving|paddleboarding|riding|horse riding)\b", re.I)
ANIMAL_WORDS: Final = frozenset({
    "dog", "cat", "puppy", "kitten", "parrot", "budgie", "rabbit", "bunny", "hamster",
    "horse", "pony", "tortoise", "turtle", "goldfish", "ferret", "snake", "lizard", "gecko",
    "canary", "chicken", "goat", "budgerigar", "cockatiel", "parakeet",
})


BREEDS: Final = {
    **dict.fromkeys(("terrier", "spaniel", "retriever", "labrador", "poodle", "beagle",
                     "collie", "boxer", "bulldog", "husky", "dachshund", "shepherd",
                     "greyhound", "whippet", "corgi", "pug", "chihuahua", "rottweiler",
                     "doberman", "schnauzer", "pointer", "setter", "sheepdog", "mastiff",
                     "labradoodle", "cockapoo", "lurcher", "dalmatian", "springer", "kelpie",
                     "staffie", "samoyed", "vizsla", "weimaraner", "sheltie"), "dog"),
    **dict.fromkeys(("siamese", "persian", "tabby", "ragdoll", "bengal", "sphynx",
                     "burmese", "moggy"), "cat"),
}
"""Breeds a pet is named by, and the animal a question asks for ("What's my dog called?")."""
PET_KINDS: Final = "|".join(sorted(ANIMAL_WORDS | set(BREEDS)))
"""Every word for a pet's kind, animal or breed (a regular expression alternation)."""
MONTH_NAMES: Final = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|"
                      r"aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)")
"""A month, by its name or its short form (a regular expression group)."""

NOT_JOBS: Final = frozenset({"resident", "local", "native", "citizen", "parent", "patient",
                            "tourist", "visitor", "guest"})
"""Words that end like job words but say where the user lives or who they are."""
PRONOUN_VALUE = re.compile(r"^(?:them|it|this|that|these|those|one|some|any|(?:my|your|our|his|"
                           r"her|their)(?!\s+[a-z]+['’]s\s+\w))\b(?!\s+(?-i:[A-Z]))"
                           r"(?!['’]s\s+(?:an?|the)\s+(?-i:[A-Z]))", re.I)
"""A value that only points at a thing ("them", "my"); "my mum's lasagne" names one, and so
does a title whose next word is capitalised ("Some Like It Hot", "My Neighbour Totoro",
"It's a Wonderful Life")."""

RELATIVE_WORDS: Final = (
    r"wife|husband|partner|spouse|girlfriend|boyfriend|fianc[ée]e?|sister|brother|mother|"
    r"mum|mom|father|dad|son|daughter|grandmother|grandfather|grandma|grandpa|aunt|uncle|"
    r"cousin|niece|nephew|boss|best friend|flatmate|roommate"
)
"""The kin a phrasing names (a regular expression alternation)."""


def about_someone_else(sentence: str) -> bool:
    """Whether ``sentence`` tells of the user's kin or pet and not of the user ("Jonas, my
    husband, is a teacher": the job is his)."""
    return not _SAYS_I.search(sentence) and _NAMES_KIN.search(sentence) is not None


_SAYS_I = re.compile(r"\bI\b|\bI['’]|\b(?i:me|myself)\b")
_NAMES_KIN = re.compile(r"\b(?:my|our)\s+(?:\w+\s+)?(?:" + RELATIVE_WORDS + "|" + PET_KINDS
                        + r")\b", re.I)


JOB_WORDS: Final = re.compile(
    r"(?:er|or|ist|ian|ant|ent|nurse|chef|cook|pilot|vet|barista|baker|teacher|engineer|"
    r"doctor|lawyer|student|designer|developer|architect|writer|artist|manager|farmer|"
    r"librarian|plumber|carpenter|electrician|dentist|paramedic|firefighter|pharmacist|"
    r"translator|journalist|photographer|accountant|consultant|analyst|scientist|tutor|guide|"
    r"clerk|midwife|surgeon|coach|nanny|priest|vicar|rabbi|imam|medic|crew|staff|mechanic|"
    r"secretary|attorney|actuary|paralegal|chauffeur|"
    r"(?:post|fire|fisher|police|sales|chair|handy|milk|bin|dust|camera|crafts|trades|"
    r"draughts|delivery|line|business|spokes|fore|sea|ferry|news|signal|lollipop|bar|door)"
    r"(?:man|woman|person))$",
    re.I,
)
"""The last word of a job ("a civil engineer", "a barista")."""
BARE_JOBS: Final = (
    "teacher|programmer|nurse|doctor|engineer|lawyer|student|designer|developer|architect|"
    "accountant|dentist|pharmacist|electrician|plumber|carpenter|mechanic|driver|waiter|"
    "waitress|cook|chef|baker|farmer|journalist|translator|manager|secretary|cashier|"
    "hairdresser|paramedic|firefighter|policeman|policewoman|soldier|scientist|researcher|"
    "teller|receptionist"
)
"""Jobs a rule may read without "a" before them ("I am teacher", said in a second
language): whole words, so "I am older" is none."""
JOBS_SAID_BARE: Final = frozenset(BARE_JOBS.split("|")) | {
    "pilot", "vet", "barista", "librarian", "midwife", "surgeon", "tutor", "medic", "clerk",
    "analyst", "consultant", "therapist", "technician", "educator", "officer", "physio"}
"""Jobs a bare noun phrase may end on and be read as a job ("Tamsin here - charge nurse"):
whole words, so "total beginner" is none."""
WORKPLACES: Final = (
    "company|firm|school|hospital|bank|shop|store|factory|restaurant|hotel|office|library|"
    "clinic|pharmacy|bakery|university|kindergarten|supermarket"
)
"""Places a user works in ("I work in a school")."""
DIETS_ONE_IS: Final = "vegetarian|vegan|pescatarian|flexitarian|eggetarian"
"""Diets said as what one is ("I'm flexitarian"; a regular expression alternation)."""
DIETS: Final = frozenset({*DIETS_ONE_IS.split("|"), "keto", "gluten-free", "lactose intolerant"})
DIET_WORDS: Final = frozenset({*DIETS_ONE_IS.split("|"), "coeliac", "celiac"})
"""Diets said as what the user is ("The user is vegan")."""

SMALL_TALK_WORDS: Final = (
    r"hi|hello|hey|hiya|yo|good (?:morning|afternoon|evening|night)|thanks?|thank you|"
    r"(?:morning|afternoon|evening)(?=(?:\s+(?:all|everyone|kai))?\s*[!.,])|"
    r"hola|bonjour|salut|ciao|hallo|hej|hei|moin|servus|namaste|ol[aá]|aloha|shalom|"
    r"sala+m|howdy|greetings|g'day|buongiorno|buenos d[ií]as|buenas|guten (?:tag|morgen)|"
    r"cheers|ok(?:ay)?|cool|great|nice|awesome|lol|haha+|hehe|bye|goodbye|see you|sure|"
    r"yes|yeah|yep|no|nope|wow|oh|hmm+|please|sorry|well done|good job"
)
"""Greetings, thanks and interjections that open a message without saying anything (a
regular expression alternation; "Hola Kai! I'm Lucía." is an introduction; "Evening Kai,"
greets, "Evening classes ..." does not)."""

_NOT_NAMES = """
american argentine argentinian australian austrian belgian brazilian british canadian chilean
colombian cuban egyptian emirati ethiopian european african asian ghanaian indian iranian
iraqi israeli jamaican kenyan latino latina hispanic lebanese mexican moroccan nigerian
pakistani palestinian peruvian filipino saudi scottish singaporean swiss syrian taiwanese
texan venezuelan catholic christian jewish muslim buddhist hindu sikh atheist agnostic
mormon protestant orthodox kai monday tuesday wednesday thursday friday saturday sunday
january february march april may june july august september october november december
back home fine done good great alright sorry here there ready sure tired hungry bored busy new
single married retired free late early excited happy sad awake away well better sick vegan
vegetarian pescatarian flexitarian eggetarian
"""
NOT_NAMES: Final = frozenset(_NOT_NAMES.split())
"""Capitalised words that say what or how the user is, not who ("I'm Mexican", "I'm Back!"),
and the assistant's own name; languages are checked as well (``languages``)."""

_PEOPLE_WORDS: Final = (
    "welsh english irish french german spanish italian polish dutch greek turkish russian "
    "chinese japanese korean thai vietnamese portuguese swedish danish norwegian finnish "
    "hungarian czech romanian ukrainian")
_PEOPLES: Final = frozenset(_PEOPLE_WORDS.split())
"""Languages that are also what a person is ("my mum is Welsh"); "Sami" is also a name."""


def what_they_are(value: str) -> bool:
    """Whether ``value`` opens with what someone is ("Welsh", "Filipino so I speak ...",
    "Catholic"), never who."""
    first = value.split(maxsplit=1)[0].strip(",.") if value.split() else ""
    return first.casefold() in NOT_NAMES or first.casefold() in _PEOPLES


DRIVEN_FOR_WORK: Final = {"buses": "bus", "taxis": "taxi", "cabs": "cab", "lorries": "lorry",
                          "trucks": "truck", "trains": "train", "trams": "tram",
                          "ambulances": "ambulance", "forklifts": "forklift", "coaches": "coach"}
"""What one drives for a living, said in the plural ("I drive buses": a bus driver)."""
DRIVEN: Final = r"(?i:" + "|".join(DRIVEN_FOR_WORK) + r")\b"


_STATE_WORDS: Final = (
    "sick ill old young fine great ok okay cute lazy deaf blind small big huge tiny fat dead gone "
    "home here there out back busy mad good bad sweet smart nice shy loud quiet asleep awake away "
    "retired pregnant married single late new me it him her them happy hungry sleepy grumpy "
    "angry crazy naughty poorly ready sorry healthy friendly lovely ugly silly noisy better "
    "worse well unwell alive fussy moody chatty poorly overweight")
_STATES: Final = frozenset(_STATE_WORDS.split())


def says_how(word: str) -> bool:
    """Whether ``word``, after "my dog is", says how someone is rather than who ("sick",
    "retired", "adorable", "exhausted") instead of naming them."""
    bare = word.casefold()
    return bare in _STATES or re.search(r"(?:ed|ing|ful|ous|ive|able|ible|ish|less)$", bare) \
        is not None
DRINKS: Final = (r"(?:black |green |iced |strong |oat |soy |filter |irani |masala |ginger |"
                 r"herbal |peppermint |mint |chamomile |decaf |instant |turkish |milky |"
                 r"turmeric |bubble |milk )?"
                 r"(?:coffee|tea|espresso|cappuccino|lattes?|flat whites?|cold brew(?: coffee)?|"
                 r"frappes?|matcha|chai|rooibos|kombucha|mate|long blacks?|short blacks?|"
                 r"piccolos?|macchiatos?|americanos?|mochas?|cortados?|ristrettos?|soy milk|"
                 r"oat milk|almond milk|"
                 r"earl grey|english breakfast|teh(?: tarik| halia| o| c| peng)?|"
                 r"kopi(?: o| c| peng)?|"
                 r"yerba mate|hot chocolate|"
                 r"cocoa|cola|coke|energy drinks|smoothies|water)")
"""Drinks a phrasing may name where any value would be too loose ("I live on coffee")."""
NOT_STUDIED: Final = r"(?!(?i:an?\s+new|some\s+new|a\s+few|a\s+lot|a\s+bit|in|at)\b)"
"""What follows "I'm learning" that is no subject studied ("a new set for a ceilidh"; "in
university" says where)."""

DISCOURSE_WORDS: Final = frozenset({
    "right", "ok", "okay", "so", "well", "anyway", "aye", "yes", "yeah", "no", "oh", "hey",
    "hi", "hiya", "hello", "bye", "cheerio", "cheers", "thanks", "alright", "awright", "sorry",
    "morning", "evening", "night", "bueno", "vale", "sige", "ag", "ja", "yow"})
"""Words that open or close a message ("Right, that's me. Cheerio."), never a name."""


_NOT_DRIVEN: Final = re.compile(
    r"(?i:(?:the|our|my|his|her|their)\s+)?(?:kids|children|family|" + RELATIVE_WORDS
    + r"|friends?|mates?|colleagues?|team|clients?|patients?|passengers?|people|everyone)\b"
    r"|.*\s(?:to|into|around|home|back)\b|(?:lot|lots|loads|far|fast|everywhere|daily|"
    r"carefully|slowly|less|more)$", re.I)


def driven_thing(value: str) -> str | None:
    """What "I drive ..." names as the user's vehicle: "our Outlander" is an Outlander;
    "my wife to work" or "the kids to school" says whom the user drives, "a lot" how much,
    so they name none."""
    if _NOT_DRIVEN.match(value):
        return None
    return re.sub(r"^(?i:our|my|the)\s+", "", value) or None


GENERIC_NOUNS: Final = frozenset(
    {"day", "week", "weekend", "morning", "evening", "mood", "head", "point", "question",
     "answer", "guess", "bad", "pleasure", "turn", "fault", "problem", "opinion", "idea"}
)
"""What "my X is ..." says of the moment, not a thing of the user's ("my day is going well")."""


PASSING_STATE: Final = re.compile(
    r"^(?:getting|going|being|still|late|broken|stuck|ready|done|over|gone|here|there|on|off|"
    r"out|empty|full|cold|warm|hot|wet|dirty|missing|lost|delayed|changed|different|"
    r"finished|(?:(?:very|quite|so|really|super|pretty|kind of)\s+)?(?:busy|tired|good|bad|fine|"
    r"ok|okay|nice|great|lovely|kind|cool|awesome|amazing|horrible|annoying|mean|strict|funny|"
    r"sweet|the best|the worst|the greatest|the cutest)(?:\s+(?:so far|too|though|lately))?$|"
    r"\w+ing (?:me|us|him|her|them|it))\b",  # "My boss is driving me mad"
    re.I,
)
"""How a thing is at the moment ("my coffee is getting cold"), not what it is."""
