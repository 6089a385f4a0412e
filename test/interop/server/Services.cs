// The 35 fully described operations, one class per endpoint file.
// Written by hand from /work/shared/service-description.md (not from any spec file).
//
// Deterministic behaviour (see test/interop/NOTES.md, "Fixture behaviour"):
//   username == "fault"  -> exception "fixture fault: <Operation>" (SOAP fault / HTTP 500)
//   int results          -> password min|max|zero|neg gives int.MinValue|int.MaxValue|0|-1,
//                           else FNV-1a(UTF-8 of the canonical params JSON) as signed int
//   string results       -> password null|empty|xml|persian|ws gives null|""|Edge.XmlChars|
//                           Edge.Persian|Edge.Whitespace, else the canonical inputs joined by '|'
//   list results         -> password null|empty|one gives null|0 items|1 item, else the count parameter
//   record results       -> password "null" or id 0 gives null
using System;
using System.Linq;
using System.Reflection;
using System.Web.Services;
using System.Web.Services.Protocols;

namespace AsmxFixture
{
    static class Gen
    {
        public static MessagesBL Message(int i, long baseId, int location, string from, string username, string password, int count, DateTime? date)
        {
            string body;
            switch (i % 4)
            {
                case 0: body = Edge.Persian + " " + from; break;
                case 1: body = Edge.XmlChars + " " + from; break;
                case 2: body = ""; break;
                default: body = null; break;
            }
            return new MessagesBL
            {
                MsgID = unchecked(baseId + i),
                UserID = location,
                LinkID = count,
                NumberID = Fx.Fnv(from),
                Tariff = Edge.Doubles[i % 4],
                MsgType = (byte)((i * 85) % 256),
                Body = body,
                Udh = i % 2 == 0 ? null : "050003A10201",
                SendDate = date.HasValue ? date.Value.AddMinutes(i) : Edge.Date(i),
                Sender = from,
                Receiver = username,
                FirstLocation = location,
                CurrentLocation = -location,
                Parts = i + 1,
                IsFlash = i % 2 == 0,
                IsRead = i % 2 == 1,
                IsUnicode = true,
                Credit = 0.1 + 0.2 * i,
                Module = i == 0 ? int.MinValue : i == 1 ? int.MaxValue : i,
                RecCount = count,
                RecFailed = 0,
                RecSuccess = count - i,
                IsMoneyBack = false,
                UserStepedMaster = -1,
                UserMaster = password == null ? -1 : password.Length,
                MoneyBackCount = i,
                MoneyBackLevel = 0,
                AutoSpeechText = i % 3 == 0,
                ShareServiceBodyID = -i,
                OperatorABackCount = 7 * i,
            };
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class ReceiveService : WebService
    {
        [WebMethod]
        public MessagesBL[] GetMessagesAfterID(string username, string password, int location, string from, int count, long msgId)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, location, from, count, msgId });
            return c.List(count, i => Gen.Message(i, unchecked(msgId + 1), location, from, username, password, count, null));
        }

        [WebMethod]
        public MessagesBL[] GetUsersMessagesByDate(string username, string password, int location, string from, int index, int count, DateTime dateFrom, DateTime dateTo)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, location, from, index, count, dateFrom, dateTo });
            return c.List(count, i =>
            {
                var m = Gen.Message(i, Edge.Above53 + index, location, from, username, password, count, i % 2 == 0 ? dateFrom : dateTo);
                return m;
            });
        }

        [WebMethod]
        public MsgReceptions[] GetMessagesReceptions(string username, string password, long msgId, int fromRows)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, msgId, fromRows });
            return c.List(fromRows, i => new MsgReceptions
            {
                RecNumber = "0912" + (1000000 + i).ToString(),
                SendDate = i == 0 ? null : "1403/01/0" + (i % 9 + 1) + " 10:00",
                RecStatus = i % 3 == 0 ? "" : (i % 3).ToString(),
                DeliveryStatus = i % 2 == 0 ? Edge.Persian : Edge.XmlChars,
                RecID = unchecked(msgId + i).ToString(System.Globalization.CultureInfo.InvariantCulture) + ":" + username,
            });
        }

        [WebMethod]
        public int RemoveMessages(string username, string password, MessageLocation location, string msgIds)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, location, msgIds }).Int();
        }

        [WebMethod]
        public int ChangeMessageIsRead(string username, string password, string msgIds)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, msgIds }).Int();
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class SendService : WebService
    {
        [WebMethod]
        public MessagesBL[] getMessages(string username, string password, int location, string from, int index, int count)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, location, from, index, count });
            return c.List(count, i => Gen.Message(i, long.MaxValue - 10 + (index % 5), location, from, username, password, count, null));
        }

        [WebMethod]
        public double GetSmsPrice(string username, string password, int OperatorACount, int OperatorBCount, string from, string text)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, OperatorACount, OperatorBCount, from, text });
            double r;
            switch (password)
            {
                case "tiny": r = 5e-324; break;
                case "huge": r = double.MaxValue; break;
                case "neghuge": r = -double.MaxValue; break;
                case "nan": r = double.NaN; break;
                case "inf": r = double.PositiveInfinity; break;
                case "-inf": r = double.NegativeInfinity; break;
                case "negzero": r = -0.0; break;
                case "pointone": r = 0.1; break;
                case "third": r = 1.0 / 3.0; break;
                case "big": r = 1e21; break;
                case "small": r = 1e-7; break;
                case "int": r = 12345; break;
                default:
                    // exact binary fractions: OperatorACount*1000 + OperatorBCount + hash/65536
                    r = OperatorACount * 1000.0 + OperatorBCount + (c.Hash & 0xFFFF) / 65536.0;
                    break;
            }
            return c.Ret(r);
        }

        [WebMethod]
        public int[] GetDeliveries(long[] recIds, string username, string password)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { recIds, username, password });
            // one item per id (id clamped to int range), then FNV of all params
            int n = recIds == null ? 0 : recIds.Length;
            return c.List(n + 1, i => i < n ? Fx.Clamp(recIds[i]) : c.Hash);
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class UsersService : WebService
    {
        [WebMethod]
        public UserGridList GetUserDetails(string username, string password, string targetUsername)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, targetUsername });
            if (c.Pw("null") || targetUsername == null || targetUsername == "none") return c.Ret<UserGridList>(null);
            DateTime exp;
            switch (targetUsername)
            {
                case "utc": exp = Edge.Utc; break;
                case "local": exp = Edge.Local; break;
                case "min": exp = DateTime.MinValue; break;
                case "max": exp = DateTime.MaxValue; break;
                default: exp = Edge.Unspecified; break;
            }
            return c.Ret(new UserGridList
            {
                UserId = c.Hash,
                UserName = targetUsername,
                FirstName = Edge.Persian,
                LastName = Edge.XmlChars,
                Corporation = "",
                Email = null,
                MobileNumbers = "09120000000,09350000000",
                PhoneNumbers = Edge.Whitespace,
                FaxNumbers = null,
                Address = username + "/" + password,
                Desctiptions = "Desctiptions of " + targetUsername,
                UserStatus = 255,
                FixTariff = true,
                MaxTicket = int.MaxValue,
                MaxOrderNumber = int.MinValue,
                NationalCode = "0012345678",
                AccessToBranchs = false,
                BulkReport = true,
                EnableDelivery = false,
                PostalCode = "",
                CertificateNumber = null,
                ProvinceName = "تهران",
                CityName = "Tehran",
                ProductId = -1,
                CommercialCode = "0",
                UserOwner = 0,
                IsLegal = true,
                userType = 3,
                TariffID = targetUsername.Length,
                ExpDate = exp,
            });
        }

        [WebMethod]
        public GetPayments[] GetPaymentsByTargetUsername(string username, string password, string targetUsername, DateTime fromDate, DateTime toDate, int count, int index)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, targetUsername, fromDate, toDate, count, index });
            return c.List(count, i => new GetPayments
            {
                BankName = i % 2 == 0 ? "بانک ملت" : null,
                OrderID = i == 0 ? long.MaxValue : i == 1 ? long.MinValue : Edge.Above53 + index + i,
                AuthorityID = targetUsername + "#" + (index + i),
                Amount = Edge.Doubles[i % 4],
                RequestDate = fromDate.AddDays(i),
                CallbackDate = i % 2 == 0 ? toDate : Edge.Date(i),
                Descriptions = i % 3 == 0 ? Edge.XmlChars : i % 3 == 1 ? "" : username,
                PayStatus = (byte)(i % 256),
            });
        }

        [WebMethod]
        public string AddUserWithMobileNumber(string username, string password, int productId, string mobileNumber, string firstName, string lastName, string email)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, productId, mobileNumber, firstName, lastName, email }).Str();
        }

        [WebMethod]
        public int ChangeUserCredit3(string username, string password, double rialAmount, string description, string targetUsername, bool getTax, bool getBudget)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, rialAmount, description, targetUsername, getTax, getBudget }).Int();
        }

        [WebMethod]
        public int ForgotPassword(string username, string password, string mobileNumber, string emailAddress, string targetUsername)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, mobileNumber, emailAddress, targetUsername }).Int();
        }

        [WebMethod]
        public int DeductUserCredit(string username, string password, double amount, string description)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, amount, description }).Int();
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class ActionsService : WebService
    {
        [WebMethod]
        public BulkReceptions[] GetBulkReceptions(string username, string password, int bulkId, int fromRows)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, bulkId, fromRows });
            return c.List(fromRows, i => new BulkReceptions
            {
                RecNumber = "0935" + (2000000 + i).ToString(),
                SendDate = "2024-01-0" + (i % 9 + 1) + "T00:00:00",
                RecStatus = i % 2 == 0 ? "1" : null,
                DeliveryStatus = i % 2 == 0 ? Edge.Persian : "",
                OpID = (i % 3).ToString(),
                BulkID = bulkId.ToString(System.Globalization.CultureInfo.InvariantCulture),
                RecID = username + ":" + password + ":" + i,
            });
        }

        [WebMethod]
        public SmsQueueList GetSmsQueue(string username, string password, long Id)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, Id });
            if (c.Pw("null") || Id == 0) return c.Ret<SmsQueueList>(null);
            return c.Ret(new SmsQueueList
            {
                ID = Id,
                Sender = c.Hash,
                Body = Edge.Persian + " " + Edge.XmlChars,
                Receiver = username,
                InsertDate = Edge.Utc,
                FetchDate = Id < 0 ? Edge.Unspecified : Edge.Local,
                Status = (byte)(Id & 0xFF),
                RecID = unchecked(Id ^ long.MinValue),
                DeliveryStatus = -7,
            });
        }

        [WebMethod]
        public int[] GetMultipleSMS3Deliveries(long[] Id, string username, string password)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { Id, username, password });
            int n = Id == null ? 0 : Id.Length;
            return c.List(n + 1, i => i < n ? Fx.Clamp(Id[i]) : c.Hash);
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class ContactsService : WebService
    {
        [WebMethod]
        public GroupsList[] GetGroups(string username, string password)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password });
            return c.List(3, i => new GroupsList
            {
                GroupID = c.Hash + i,
                ParentId = i == 0 ? 0 : -1,
                UserID = i == 2 ? int.MinValue : int.MaxValue,
                GroupName = i == 0 ? Edge.Persian : username + "-" + i,
                GroupDescription = i == 1 ? null : i == 2 ? "" : Edge.XmlChars,
                GroupStatus = (byte)(i * 127),
                ContactCount = i * 10,
                ShowToChild = i % 2 == 1,
                ChildsCount = password == null ? -1 : password.Length,
            });
        }

        [WebMethod]
        public int ChangeContact(string username, string password, int contactId, string mobilenumber, string firstname, string lastname, string nickname, string corporation, string phone, string fax, string email, byte gender, int province, int city, string address, string postalCode, string additionaltext, string descriptions, int contactStatus)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, contactId, mobilenumber, firstname, lastname, nickname, corporation, phone, fax, email, gender, province, city, address, postalCode, additionaltext, descriptions, contactStatus }).Int();
        }

        [WebMethod]
        public int CheckMobileExistInContact(string username, string password, string mobileNumber)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, mobileNumber }).Int();
        }

        [WebMethod]
        public int AddContactEvents(string username, string password, int contactId, string eventName, byte eventType, DateTime eventDate)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, contactId, eventName, eventType, eventDate }).Int();
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class NewBulksService : WebService
    {
        [WebMethod]
        public BulkReceptionExport[] BulkReception(string username, string password, int bulkId, int maximumRows, int startRowIndex)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, bulkId, maximumRows, startRowIndex });
            return c.List(maximumRows, i => new BulkReceptionExport
            {
                ReportID = i == 0 ? Edge.Above53 : unchecked((long)startRowIndex * 1000000000000L + i),
                BulkID = bulkId,
                SendDate = Edge.Date(i),
                RecNumber = i % 2 == 0 ? username + "/" + (startRowIndex + i) : null,
                TotalCount = maximumRows,
            });
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class ScheduleService : WebService
    {
        [WebMethod]
        public int AddSchedule(string username, string password, string to, string from, string text, bool isflash, DateTime scheduleDateTime, PeriodType period)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, to, from, text, isflash, scheduleDateTime, period }).Int();
        }

        [WebMethod]
        public int AddUsance(string username, string password, string to, string from, string text, bool isflash, DateTime scheduleStartDateTime, int repeatAfterDays, DateTime scheduleEndDateTime)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, to, from, text, isflash, scheduleStartDateTime, repeatAfterDays, scheduleEndDateTime }).Int();
        }

        [WebMethod]
        public int AddNewUsance(string username, string password, string to, string from, string text, bool isflash, DateTime scheduleStartDateTime, int countrepeat, DateTime scheduleEndDateTime, PeriodType periodType)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, to, from, text, isflash, scheduleStartDateTime, countrepeat, scheduleEndDateTime, periodType }).Int();
        }

        [WebMethod]
        public int RemoveSchedule(string username, string password, int scheduleId)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, scheduleId }).Int();
        }

        [WebMethod]
        public int RemoveScheduleList(string username, string password, int[] scheduleIdList)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, scheduleIdList }).Int();
        }

        [WebMethod]
        public int GetScheduleStatus(string username, string password, int scheduleId)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, scheduleId }).Int();
        }

        [WebMethod]
        public ScheduleDetails GetScheduleDetails(string username, string password, int scheduleId)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, scheduleId });
            if (c.Pw("null") || scheduleId == 0) return c.Ret<ScheduleDetails>(null);
            return c.Ret(new ScheduleDetails
            {
                ScheduleID = scheduleId,
                Sender = username,
                Title = scheduleId < 0 ? null : Edge.Persian,
                Body = Edge.XmlChars + "|" + password,
                BodyParts = 1,
                TotalCount = int.MaxValue,
                SentCount = int.MinValue,
                FailedCount = c.Hash,
                ScheduleDate = "",
                SendDate = null,
                SendStatus = 0,
                ScheduleStatus = 255,
            });
        }

        static int[] Multi(Call c, string[] to, string[] text, DateTime[] dates)
        {
            int n = Math.Max(to == null ? 0 : to.Length, Math.Max(text == null ? 0 : text.Length, dates == null ? 0 : dates.Length));
            // item i = FNV of (to[i] | text[i] | date[i] | params-hash)
            return c.List(n, i => Fx.Fnv(
                Fx.Plain(to != null && i < to.Length ? to[i] : null) + "|" +
                Fx.Plain(text != null && i < text.Length ? text[i] : null) + "|" +
                (dates != null && i < dates.Length ? Fx.Plain(dates[i]) : "(missing)") + "|" + c.Hash));
        }

        [WebMethod]
        public int[] AddMultipleSchedule(string username, string password, string[] to, string from, string[] text, bool isflash, DateTime[] scheduleDateTime, PeriodType period)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, to, from, text, isflash, scheduleDateTime, period });
            return Multi(c, to, text, scheduleDateTime);
        }

        [WebMethod]
        public int[] AddNewMultipleSchedule(string username, string password, string[] to, string from, string[] text, bool isflash, DateTime[] scheduleDateTime, PeriodType period)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, to, from, text, isflash, scheduleDateTime, period });
            return Multi(c, to, text, scheduleDateTime);
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class VoiceService : WebService
    {
        [WebMethod]
        public int SendBulkVoiceSMS(string username, string password, string title, int voiceFileId, string receivers, string DateToSend, int repeatCount)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, title, voiceFileId, receivers, DateToSend, repeatCount }).Int();
        }

        [WebMethod]
        public string SendSMSWithSpeechText(string username, string password, string smsBody, string speechBody, string from, string to)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, smsBody, speechBody, from, to }).Str();
        }

        // Returns FNV of the params (which include the base64 of `file`) unless a magic
        // password applies; password "length" returns file.Length, "sum" the byte sum.
        [WebMethod]
        public int UploadVoiceFileByte(string username, string password, string title, byte[] file)
        {
            var c = new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, title, file });
            if (c.Pw("length")) return c.Ret(file == null ? -1 : file.Length);
            if (c.Pw("sum")) return c.Ret(file == null ? -1 : file.Sum(b => (int)b));
            return c.Int();
        }
    }

    [WebService(Namespace = "http://tempuri.org/")]
    [WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1)]
    public class CodesService : WebService
    {
        [WebMethod]
        public int RemoveCode(string username, string password, int CodeId)
        {
            return new Call(MethodBase.GetCurrentMethod(), new object[] { username, password, CodeId }).Int();
        }
    }
}
